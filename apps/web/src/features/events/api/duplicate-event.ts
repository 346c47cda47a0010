import { envelope, manageEventDto, type ManageEventDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeEvent } from './cache.ts';

const answer = envelope(manageEventDto);

/** POST /events/manage/{id}/duplicate: a new draft with the same details and ticket types. */
export async function duplicateEvent(id: string): Promise<ManageEventDto> {
  const response = await api.post(`/events/manage/${encodeURIComponent(id)}/duplicate`);
  return answer.parse(response.data).data;
}

export function useDuplicateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: duplicateEvent,
    onSuccess: (event) => storeEvent(client, event),
  });
}
