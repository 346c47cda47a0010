import {
  envelope,
  manageTicketTypeDto,
  type CreateTicketTypeBody,
  type ManageTicketTypeDto,
} from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTicketChange } from './cache.ts';

const answer = envelope(manageTicketTypeDto);

/** POST /events/manage/{id}/ticket-types: price in whole naira, 0 = free. */
export async function createTicketType({
  eventId,
  body,
}: {
  eventId: string;
  body: CreateTicketTypeBody;
}): Promise<ManageTicketTypeDto> {
  const response = await api.post(
    `/events/manage/${encodeURIComponent(eventId)}/ticket-types`,
    body,
  );
  return answer.parse(response.data).data;
}

export function useCreateTicketType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTicketType,
    onSuccess: (type, { eventId }) => refreshAfterTicketChange(client, eventId, type),
  });
}
