import { envelope, manageEventDto, type ManageEventDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeEvent } from './cache.ts';

const answer = envelope(manageEventDto);

/** DELETE /events/manage/{id}/cover. */
export async function removeCover(id: string): Promise<ManageEventDto> {
  const response = await api.delete(`/events/manage/${encodeURIComponent(id)}/cover`);
  return answer.parse(response.data).data;
}

export function useRemoveCover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeCover,
    onSuccess: (event) => storeEvent(client, event),
  });
}
