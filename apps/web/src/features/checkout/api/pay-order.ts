import type { OrderDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderTokens } from '../lib/order-tokens.ts';
import {
  MissingOrderTokenError,
  orderAnswer,
  orderQueryKey,
  orderTokenHeaders,
} from './get-order.ts';

export type CheckoutPaymentMethod = 'test' | 'offline';

/** POST /orders/{id}/pay: the TEST provider or offline payment (bank transfer or at the venue). */
export async function payOrder(orderId: string, method: CheckoutPaymentMethod): Promise<OrderDto> {
  const token = orderTokens.get(orderId);
  if (!token) throw new MissingOrderTokenError();
  const response = await api.post(
    `/orders/${encodeURIComponent(orderId)}/pay`,
    { method },
    { headers: orderTokenHeaders(token), skipErrorToast: true },
  );
  return orderAnswer.parse(response.data).data;
}

export function usePayOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['checkout', 'pay', orderId],
    mutationFn: (method: CheckoutPaymentMethod) => payOrder(orderId, method),
    onSuccess: (order) => queryClient.setQueryData(orderQueryKey(orderId), order),
  });
}
