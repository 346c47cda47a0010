import type { ManageEventDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTicketChange } from './cache.ts';
import { eventKeys } from './keys.ts';

/** DELETE /events/manage/{id}/ticket-types/{ticketTypeId}: only a type with no sales. */
export async function deleteTicketType({
  eventId,
  ticketTypeId,
}: {
  eventId: string;
  ticketTypeId: string;
}): Promise<void> {
  await api.delete(
    `/events/manage/${encodeURIComponent(eventId)}/ticket-types/${encodeURIComponent(ticketTypeId)}`,
  );
}

export function useDeleteTicketType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTicketType,
    onSuccess: (_answer, { eventId, ticketTypeId }) => {
      client.setQueryData<ManageEventDto>(eventKeys.mineDetail(eventId), (event) =>
        event
          ? { ...event, ticketTypes: event.ticketTypes.filter((t) => t.id !== ticketTypeId) }
          : event,
      );
      refreshAfterTicketChange(client, eventId);
    },
  });
}
