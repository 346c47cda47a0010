import type { Envelope, PublicEventDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fromPageData } from '../../../lib/page-data.ts';
import { eventKeys } from './keys.ts';

const eventPath = (slug: string) => `/events/${encodeURIComponent(slug)}`;

/** GET /events/{slug}: a published event by its link (cancelled ones say so). */
export async function getPublicEvent(slug: string): Promise<PublicEventDto> {
  // Typed, not parsed again: the server checked it against publicEventDto (decision 020).
  const response = await api.get<Envelope<PublicEventDto>>(eventPath(slug));
  return response.data.data;
}

export const publicEventQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: eventKeys.publicDetail(slug),
    queryFn: () => getPublicEvent(slug),
    // A 404 is an answer: the page says the event is not there.
    retry: false,
    // The page's HTML may carry this answer already (decision 021).
    ...fromPageData<PublicEventDto>(eventPath(slug)),
  });

export function usePublicEvent(slug: string) {
  return useQuery(publicEventQueryOptions(slug));
}
