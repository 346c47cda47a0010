import { envelope, eventHoldDto, type EventHoldDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(z.array(eventHoldDto));

/**
 * GET /events/manage/orders/holds?eventId=: the event's open holds (pending orders whose
 * tickets are not on sale until they end), soonest to end first (decision 025).
 */
export async function getEventHolds(eventId: string): Promise<EventHoldDto[]> {
  const response = await api.get('/events/manage/orders/holds', { params: { eventId } });
  return answer.parse(response.data).data;
}

export const eventHoldsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.holds(eventId),
    queryFn: () => getEventHolds(eventId),
    // Holds come and go with checkouts: a glance a minute old is as fresh as it needs to be.
    refetchInterval: 60_000,
  });

export function useEventHolds(eventId: string, enabled = true) {
  return useQuery({ ...eventHoldsQueryOptions(eventId), enabled });
}
