import {
  envelope,
  manageEventDto,
  type ManageEventDto,
  type UpdateEventBody,
} from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeEvent } from './cache.ts';

const answer = envelope(manageEventDto);

export interface UpdateEventInput {
  id: string;
  body: UpdateEventBody;
  /** A background save shows its problems beside the fields instead of as a toast. */
  quiet?: boolean;
}

/** PATCH /events/manage/{id}: a partial change (null or '' clears an optional field). */
export async function updateEvent({ id, body, quiet }: UpdateEventInput): Promise<ManageEventDto> {
  const response = await api.patch(`/events/manage/${encodeURIComponent(id)}`, body, {
    skipErrorToast: quiet ?? false,
  });
  return answer.parse(response.data).data;
}

export function useUpdateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (event) => storeEvent(client, event),
  });
}
