import { payOrderResponse, type OrderDto, type PaystackChannel } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderTokens } from '../lib/order-tokens.ts';
import type { OnlineMethod } from './get-payment-methods.ts';
import { MissingOrderTokenError, orderQueryKey, orderTokenHeaders } from './get-order.ts';

export type CheckoutPaymentMethod = OnlineMethod;

export interface PaymentChoice {
  order: OrderDto;
  /** Where to send the buyer next (Paystack's page); null when this app's own page follows. */
  redirectUrl: string | null;
}

/** POST /orders/{id}/pay: the TEST provider, offline payment, or Paystack (a redirect). */
export async function payOrder(
  orderId: string,
  method: CheckoutPaymentMethod,
  channel?: PaystackChannel,
  returnTo?: string,
): Promise<PaymentChoice> {
  const token = orderTokens.get(orderId);
  if (!token) throw new MissingOrderTokenError();
  const response = await api.post(
    `/orders/${encodeURIComponent(orderId)}/pay`,
    { method, ...(channel ? { channel } : {}), ...(returnTo ? { returnTo } : {}) },
    { headers: orderTokenHeaders(token), skipErrorToast: true },
  );
  const { redirectUrl, ...order } = payOrderResponse.parse(response.data).data;
  return { order, redirectUrl };
}

export function usePayOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['checkout', 'pay', orderId],
    mutationFn: (
      choice:
        | CheckoutPaymentMethod
        | { method: 'paystack'; channel?: PaystackChannel; returnTo?: string },
    ) =>
      typeof choice === 'string'
        ? payOrder(orderId, choice)
        : payOrder(orderId, choice.method, choice.channel, choice.returnTo),
    onSuccess: ({ order }) => queryClient.setQueryData(orderQueryKey(orderId), order),
  });
}
