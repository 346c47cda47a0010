import { envelope, orderDto, type OrderDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learnServerTime } from '../lib/countdown.ts';
import { orderTokens } from '../lib/order-tokens.ts';

export const orderAnswer = envelope(orderDto);

/** The header that proves this browser created (or looked up) the order. */
export const orderTokenHeaders = (token: string) => ({ 'X-Order-Token': token });

export class MissingOrderTokenError extends Error {
  constructor() {
    super('This browser holds no access to this order.');
  }
}

/** GET /orders/{id} with the order's X-Order-Token. */
export async function getOrder(orderId: string): Promise<OrderDto> {
  const token = orderTokens.get(orderId);
  if (!token) throw new MissingOrderTokenError();
  const response = await api.get(`/orders/${encodeURIComponent(orderId)}`, {
    headers: orderTokenHeaders(token),
    skipErrorToast: true,
  });
  learnServerTime(response.headers.get('date'));
  return orderAnswer.parse(response.data).data;
}

export const orderQueryKey = (orderId: string) => ['checkout', 'order', orderId] as const;

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: () => getOrder(orderId),
    retry: false,
    staleTime: 5_000,
  });

export function useOrder(orderId: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...orderQueryOptions(orderId), ...options });
}
