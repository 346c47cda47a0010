import { envelope, manageEventDto, type ManageEventDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeEvent } from './cache.ts';

const answer = envelope(manageEventDto);

/**
 * POST /events/manage/{id}/publish. A draft that is not ready answers 400 EVENT_NOT_READY
 * with every missing item in `details.issues`.
 */
export async function publishEvent(id: string): Promise<ManageEventDto> {
  const response = await api.post(`/events/manage/${encodeURIComponent(id)}/publish`);
  return answer.parse(response.data).data;
}

export function usePublishEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishEvent,
    onSuccess: (event) => storeEvent(client, event),
  });
}
