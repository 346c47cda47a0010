import { envelope, waitingRoomDto, type WaitingRoomDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(waitingRoomDto);

/** GET /events/manage/{id}/waiting-room: the room's settings and live figures (decision 034). */
export async function getWaitingRoom(eventId: string): Promise<WaitingRoomDto> {
  const response = await api.get(`/events/manage/${encodeURIComponent(eventId)}/waiting-room`);
  return answer.parse(response.data).data;
}

export const waitingRoomQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.waitingRoom(eventId),
    queryFn: () => getWaitingRoom(eventId),
    // Live while the room is on: the line, the admissions and the sales move by the second.
    refetchInterval: (query) => (query.state.data?.enabled ? 3000 : false),
  });

export function useWaitingRoom(eventId: string) {
  return useQuery(waitingRoomQueryOptions(eventId));
}
