import {
  envelope,
  manageEventDto,
  type CreateEventBody,
  type ManageEventDto,
} from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeEvent } from './cache.ts';

const answer = envelope(manageEventDto);

/** POST /events/manage: a new draft (only the title is required). */
export async function createEvent(body: CreateEventBody): Promise<ManageEventDto> {
  const response = await api.post('/events/manage', body);
  return answer.parse(response.data).data;
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (event) => storeEvent(client, event),
  });
}
