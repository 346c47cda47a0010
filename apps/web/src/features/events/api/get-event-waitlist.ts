import { envelope, eventWaitlistDto, type EventWaitlistDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(eventWaitlistDto);

/** GET /events/manage/{eventId}/waitlist: the event's waiting list per ticket type (decision 032). */
export async function getEventWaitlist(eventId: string): Promise<EventWaitlistDto> {
  const response = await api.get(`/events/manage/${encodeURIComponent(eventId)}/waitlist`);
  return answer.parse(response.data).data;
}

export const eventWaitlistQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.waitlist(eventId),
    queryFn: () => getEventWaitlist(eventId),
    // Offers are made and expire in the background.
    refetchInterval: 60_000,
  });

export function useEventWaitlist(eventId: string, enabled = true) {
  return useQuery({ ...eventWaitlistQueryOptions(eventId), enabled });
}
