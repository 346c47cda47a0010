import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { orderQueryKey } from '../../../features/checkout/api/get-order.ts';
import { orderTokens } from '../../../features/checkout/lib/order-tokens.ts';
import { BuyerOrderPage } from '../../../features/checkout/pages/buyer-order-page.tsx';
import type { FoundOrder } from '../../../features/orders-public/api/lookup-order.ts';
import { OrderLookupPage } from '../../../features/orders-public/pages/order-lookup-page.tsx';

/** Router state of /orders/{code} right after a lookup on /orders. */
function foundIdFromState(state: unknown): string | null {
  return state &&
    typeof state === 'object' &&
    'orderId' in state &&
    typeof state.orderId === 'string'
    ? state.orderId
    : null;
}

/**
 * /orders and /orders/{code}: the lookup (orders-public) until the buyer has confirmed the
 * order's email, then the ticket (checkout's order view). The token the lookup returns is
 * kept like the checkout's, so this browser opens the order again without asking.
 */
export function OrderRoute() {
  const { orderCode } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [orderId, setOrderId] = useState<string | null>(() =>
    orderCode ? (orderTokens.orderIdForCode(orderCode) ?? foundIdFromState(location.state)) : null,
  );

  const found = ({ order, accessToken }: FoundOrder) => {
    orderTokens.save(order, accessToken);
    queryClient.setQueryData(orderQueryKey(order.id), order);
    // /orders → /orders/{code}, so a reload shows the same ticket.
    if (order.orderCode !== orderCode) {
      navigate(paths.orders.order(order.orderCode), {
        replace: true,
        state: { orderId: order.id },
      });
    } else {
      setOrderId(order.id);
    }
  };

  if (orderId) return <BuyerOrderPage key={orderId} orderId={orderId} />;
  return <OrderLookupPage key={orderCode ?? ''} orderCode={orderCode ?? ''} onFound={found} />;
}
