import {
  envelope,
  publicEventPage,
  type PublicEventPage,
  type PublicEventsQuery,
} from '@gatepass/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(publicEventPage);

/** GET /events: published public events, searched, filtered and paged. */
export async function getPublicEvents(query: PublicEventsQuery): Promise<PublicEventPage> {
  const response = await api.get('/events', { params: query });
  return answer.parse(response.data).data;
}

export const publicEventsQueryOptions = (query: PublicEventsQuery) =>
  queryOptions({
    queryKey: eventKeys.publicList(query),
    queryFn: () => getPublicEvents(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function usePublicEvents(query: PublicEventsQuery) {
  return useQuery(publicEventsQueryOptions(query));
}
