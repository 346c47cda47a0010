import type { Envelope, PublicEventPage, PublicEventsQuery } from '@gatepass/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fromPageData } from '../../../lib/page-data.ts';
import { eventKeys } from './keys.ts';

const EVENTS_PATH = '/events';

/** GET /events: published public events, searched, filtered and paged. */
export async function getPublicEvents(query: PublicEventsQuery): Promise<PublicEventPage> {
  // Typed, not parsed again: the server checked it against publicEventPage (decision 020).
  const response = await api.get<Envelope<PublicEventPage>>(EVENTS_PATH, { params: query });
  return response.data.data;
}

export const publicEventsQueryOptions = (query: PublicEventsQuery) =>
  queryOptions({
    queryKey: eventKeys.publicList(query),
    queryFn: () => getPublicEvents(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The page's HTML may carry this answer already (decision 021).
    ...fromPageData<PublicEventPage>(EVENTS_PATH, query),
  });

export function usePublicEvents(query: PublicEventsQuery) {
  return useQuery(publicEventsQueryOptions(query));
}
