import { envelope, manageEventDto, type ManageEventDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeEvent } from './cache.ts';

const answer = envelope(manageEventDto);

/** POST /events/manage/{id}/cancel: cancels a published event, recording why. */
export async function cancelEvent({
  id,
  reason,
}: {
  id: string;
  reason: string;
}): Promise<ManageEventDto> {
  const response = await api.post(`/events/manage/${encodeURIComponent(id)}/cancel`, { reason });
  return answer.parse(response.data).data;
}

export function useCancelEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSuccess: (event) => storeEvent(client, event),
  });
}
