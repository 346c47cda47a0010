import {
  envelope,
  waitingRoomDto,
  type WaitingRoomDto,
  type WaitingRoomSettingsBody,
} from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(waitingRoomDto);

/** PUT /events/manage/{id}/waiting-room: on/off, on-sale time, rate, time to buy, pause. */
export async function updateWaitingRoom(input: {
  eventId: string;
  body: WaitingRoomSettingsBody;
}): Promise<WaitingRoomDto> {
  const response = await api.put(
    `/events/manage/${encodeURIComponent(input.eventId)}/waiting-room`,
    input.body,
  );
  return answer.parse(response.data).data;
}

export function useUpdateWaitingRoom(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWaitingRoom,
    onSuccess: (room) => client.setQueryData(eventKeys.waitingRoom(eventId), room),
  });
}
