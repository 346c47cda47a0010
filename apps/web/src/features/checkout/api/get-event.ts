import { envelope, publicEventDto, type PublicEventDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const answer = envelope(publicEventDto);

/** GET /events/{slug}: the event's public page data (ticket types, prices, what is left). */
export async function getCheckoutEvent(slug: string): Promise<PublicEventDto> {
  const response = await api.get(`/events/${encodeURIComponent(slug)}`);
  return answer.parse(response.data).data;
}

export const checkoutEventQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['checkout', 'event', slug],
    queryFn: () => getCheckoutEvent(slug),
    // What is left changes as others buy: read it fresh whenever the checkout opens.
    staleTime: 0,
    retry: false,
  });

export function useCheckoutEvent(slug: string | null) {
  return useQuery({ ...checkoutEventQueryOptions(slug ?? ''), enabled: Boolean(slug) });
}
