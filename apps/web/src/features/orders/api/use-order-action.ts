import type { ManageOrderDto } from '@gatepass/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateSales } from '../../../lib/queries/invalidate.ts';
import { orderKeys } from './keys.ts';
import type { OrderActionResult } from './order-action.ts';

/**
 * After an action the order's detail is replaced by the server's answer; the lists, the
 * finances and the events' sold figures (a refund or cancel returns capacity) refresh.
 */
export function afterOrderAction(client: QueryClient, order: ManageOrderDto): void {
  client.setQueryData(orderKeys.detail(order.id), order);
  void client.invalidateQueries({ queryKey: orderKeys.lists() });
  // Other features' caches, through the app's key factory: sold figures, money and promo
  // code usage moved.
  invalidateSales(client);
}

export function useOrderActionMutation<TInput>(
  mutationFn: (input: TInput) => Promise<OrderActionResult>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => afterOrderAction(client, result.order),
  });
}
