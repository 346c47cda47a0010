import {
  envelope,
  manageTicketTypeDto,
  type ManageTicketTypeDto,
  type UpdateTicketTypeBody,
} from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTicketChange } from './cache.ts';

const answer = envelope(manageTicketTypeDto);

/**
 * PATCH /events/manage/{id}/ticket-types/{ticketTypeId}. Capacity below what is sold is
 * refused with 409 CAPACITY_BELOW_SOLD and a sentence saying how many are sold.
 */
export async function updateTicketType({
  eventId,
  ticketTypeId,
  body,
}: {
  eventId: string;
  ticketTypeId: string;
  body: UpdateTicketTypeBody;
}): Promise<ManageTicketTypeDto> {
  const response = await api.patch(
    `/events/manage/${encodeURIComponent(eventId)}/ticket-types/${encodeURIComponent(ticketTypeId)}`,
    body,
  );
  return answer.parse(response.data).data;
}

export function useUpdateTicketType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTicketType,
    onSuccess: (type, { eventId }) => refreshAfterTicketChange(client, eventId, type),
  });
}
