import { envelope, orderDto, type OrderDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateEvents } from '../../../lib/queries/invalidate.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(orderDto);

/**
 * POST /events/manage/orders/{id}/release: the pending order is cancelled and its tickets
 * go back on sale (decision 025).
 */
export async function releaseHold(orderId: string): Promise<OrderDto> {
  const response = await api.post(`/events/manage/orders/${encodeURIComponent(orderId)}/release`);
  return answer.parse(response.data).data;
}

/**
 * After a release (or a refusal: the hold may have ended or been paid meanwhile) the
 * event's holds and its sold/held figures are fetched again, and so are the lists that
 * show them; the orders pages refresh by their root in the app's key factory.
 */
export function useReleaseHold(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releaseHold,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: eventKeys.holds(eventId) });
      void client.invalidateQueries({ queryKey: eventKeys.mineDetail(eventId) });
      invalidateEvents(client);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
