import {
  envelope,
  eventTrackingDto,
  trackingLinkDto,
  type CreateTrackingLinkBody,
  type EventTrackingDto,
  type TrackingLinkDto,
} from '@gatepass/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(eventTrackingDto);
const created = envelope(trackingLinkDto);

const path = (eventId: string) => `/events/manage/${encodeURIComponent(eventId)}`;

/** GET /events/manage/{id}/tracking: the event's links and its figures per source. */
export async function getEventTracking(eventId: string): Promise<EventTrackingDto> {
  const response = await api.get(`${path(eventId)}/tracking`);
  return answer.parse(response.data).data;
}

export const eventTrackingQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.tracking(eventId),
    queryFn: () => getEventTracking(eventId),
    // Views arrive in aggregate every few seconds; a minute is fresh enough.
    refetchInterval: 60_000,
  });

export function useEventTracking(eventId: string) {
  return useQuery(eventTrackingQueryOptions(eventId));
}

/** POST /events/manage/{id}/tracking-links: a name → …/events/{slug}?ref={code}. */
export async function createTrackingLink(
  eventId: string,
  body: CreateTrackingLinkBody,
): Promise<TrackingLinkDto> {
  const response = await api.post(`${path(eventId)}/tracking-links`, body);
  return created.parse(response.data).data;
}

export function useCreateTrackingLink(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTrackingLinkBody) => createTrackingLink(eventId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.tracking(eventId) }),
  });
}
