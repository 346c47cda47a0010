import type { Envelope, UnlockedTicketTypesDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/**
 * POST /events/{slug}/access-code (decision 087): the hidden ticket types a buyer's code
 * unlocks. Read by the event page (the "I have an access code" field) and by the checkout
 * (the code carried in its link); a wrong code is a 404 the screens explain.
 */
export async function unlockTicketTypes(
  slug: string,
  code: string,
): Promise<UnlockedTicketTypesDto> {
  const response = await api.post<Envelope<UnlockedTicketTypesDto>>(
    `/events/${encodeURIComponent(slug)}/access-code`,
    { code },
    { skipErrorToast: true },
  );
  return response.data.data;
}

export function useUnlockedTicketTypes(slug: string, code: string | null) {
  return useQuery({
    queryKey: queryKeys.publicEvents.accessCode(slug, code ?? ''),
    queryFn: () => unlockTicketTypes(slug, code!),
    enabled: Boolean(code),
    retry: false,
    staleTime: 60_000,
  });
}
