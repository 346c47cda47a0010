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

/**
 * POST /orders/{id}/test-payment: the built-in TEST provider. `failure` answers 402
 * PAYMENT_FAILED with a sentence the page shows; the order stays payable.
 */
export async function submitTestPayment(
  orderId: string,
  outcome: 'success' | 'failure',
): Promise<OrderDto> {
  const token = orderTokens.get(orderId);
  if (!token) throw new MissingOrderTokenError();
  const response = await api.post(
    `/orders/${encodeURIComponent(orderId)}/test-payment`,
    { outcome },
    { headers: orderTokenHeaders(token), skipErrorToast: true },
  );
  return orderAnswer.parse(response.data).data;
}

export function useTestPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['checkout', 'test-payment', orderId],
    mutationFn: (outcome: 'success' | 'failure') => submitTestPayment(orderId, outcome),
    onSuccess: (order) => queryClient.setQueryData(orderQueryKey(orderId), order),
  });
}
