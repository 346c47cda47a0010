import type { Envelope, PublicEventDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageDataUpdatedAt, takePageData } from '../../../lib/page-data.ts';
import { eventKeys } from './keys.ts';

/** GET /events/{slug}: a published event by its link (cancelled ones say so). */
export async function getPublicEvent(slug: string): Promise<PublicEventDto> {
  // Typed, not parsed again: the server checked it against publicEventDto (decision 020).
  const response = await api.get<Envelope<PublicEventDto>>(`/events/${encodeURIComponent(slug)}`);
  return response.data.data;
}

export const publicEventQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: eventKeys.publicDetail(slug),
    queryFn: () => getPublicEvent(slug),
    // A 404 is an answer: the page says the event is not there.
    retry: false,
    // The page's HTML may carry this answer already (decision 021).
    initialData: () =>
      takePageData<Envelope<PublicEventDto>>(`/events/${encodeURIComponent(slug)}`)?.data,
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

export function usePublicEvent(slug: string) {
  return useQuery(publicEventQueryOptions(slug));
}
