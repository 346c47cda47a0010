import type { OrderDto } from '@gatepass/shared';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { KeyIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { MissingOrderTokenError, useOrder } from '../api/get-order.ts';
import { orderTokens } from '../lib/order-tokens.ts';
import { CheckoutHeader, type CheckoutStep } from './checkout-header.tsx';
import { CheckoutBody, CheckoutMessage } from './checkout-panel.tsx';

/**
 * Loads the order this browser holds a token for and hands it to `children`; otherwise
 * says why it cannot (no token here, not found, network) under the checkout header.
 */
export function OrderGate({
  orderId,
  step,
  title,
  eyebrow,
  refetchInterval,
  children,
}: {
  orderId: string;
  step?: CheckoutStep;
  title?: string;
  eyebrow?: string;
  refetchInterval?: number | false;
  children: (order: OrderDto) => ReactNode;
}) {
  const query = useOrder(orderId, refetchInterval === undefined ? {} : { refetchInterval });
  const refused = readApiFailure(query.error).status === 404;
  useEffect(() => {
    // The server no longer knows this token: the next visit asks for the order's email.
    if (refused) orderTokens.forgetToken(orderId);
  }, [refused, orderId]);
  if (query.data) return <>{children(query.data)}</>;

  let body: ReactNode;
  if (query.isPending) {
    body = <BlockSpinner label="Loading your order…" className="py-24" />;
  } else if (query.error instanceof MissingOrderTokenError) {
    body = (
      <CheckoutMessage
        icon={KeyIcon}
        tone="amber"
        role="alert"
        title="This order is not open in this browser"
        actions={
          <Link to={paths.orders.lookup} className={buttonClasses('primary')}>
            Find my order
          </Link>
        }
      >
        For your privacy, an order opens only in the browser that placed it. Find it with its
        8-digit code and the email it was placed with.
      </CheckoutMessage>
    );
  } else {
    const failure = readApiFailure(query.error);
    const offline = failure.status === undefined;
    body = (
      <CheckoutMessage
        icon={TicketIcon}
        tone="amber"
        role="alert"
        title={offline ? 'We could not load your order' : 'This order was not found'}
        actions={
          offline ? (
            <Button onClick={() => void query.refetch()}>Try again</Button>
          ) : (
            <Link to={paths.orders.lookup} className={buttonClasses('primary')}>
              Find my order
            </Link>
          )
        }
      >
        {offline
          ? 'Check your connection and try again.'
          : (failure.error ?? 'It may have been removed, or the link is wrong.')}
      </CheckoutMessage>
    );
  }
  return (
    <>
      <CheckoutHeader step={step} {...(title ? { title } : {})} {...(eyebrow ? { eyebrow } : {})} />
      <CheckoutBody width="3xl">{body}</CheckoutBody>
    </>
  );
}
