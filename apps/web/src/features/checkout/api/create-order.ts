import { createOrderResponse, type CreateOrderBody, type OrderDto } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { learnServerTime } from '../lib/countdown.ts';
import { orderTokens } from '../lib/order-tokens.ts';

const createdOrder = z.object({
  data: z.object({
    order: z.object({ id: z.string(), orderCode: z.string() }),
    accessToken: z.string(),
  }),
});

/**
 * POST /orders: holds the tickets (a free order completes at once). The access token that
 * lets this browser read and pay the order is kept in local storage under the order id.
 */
export async function createOrder(body: CreateOrderBody): Promise<OrderDto> {
  const response = await api.post('/orders', body, { skipErrorToast: true });
  learnServerTime(response.headers.get('date'));
  // The token is saved before the full answer is checked: the tickets are held either way,
  // and without it this browser could never open the order again.
  const created = createdOrder.safeParse(response.data);
  if (created.success) orderTokens.save(created.data.data.order, created.data.data.accessToken);
  return createOrderResponse.parse(response.data).data.order;
}

export function useCreateOrder() {
  return useMutation({ mutationKey: ['checkout', 'create-order'], mutationFn: createOrder });
}
