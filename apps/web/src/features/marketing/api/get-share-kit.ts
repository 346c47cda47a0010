import { envelope, shareKitDto, type ShareKitDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys, SHARE_KIT_PATH } from './keys.ts';

const answer = envelope(shareKitDto);

/** GET /events/manage/share-kit/{eventId}: the public link, a QR preview and poster paths. */
export async function getShareKit(eventId: string): Promise<ShareKitDto> {
  const response = await api.get(`${SHARE_KIT_PATH}/${encodeURIComponent(eventId)}`, {
    // A draft or cancelled event has no share kit: the page says so itself.
    skipErrorToast: true,
  });
  return answer.parse(response.data).data;
}

export const shareKitQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: marketingKeys.shareKit(eventId),
    queryFn: () => getShareKit(eventId),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useShareKit(eventId: string | undefined, enabled: boolean) {
  return useQuery({ ...shareKitQueryOptions(eventId ?? ''), enabled: Boolean(eventId) && enabled });
}
