import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateEvents } from '../../../lib/queries/invalidate.ts';
import { eventKeys } from './keys.ts';

/** DELETE /events/manage/{id}: removes a draft that was never published. */
export async function deleteEvent(id: string): Promise<void> {
  await api.delete(`/events/manage/${encodeURIComponent(id)}`);
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: eventKeys.mineDetail(id) });
      invalidateEvents(client);
    },
  });
}
