import { envelope, promoCodeDto, type PromoCodeDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys, PROMO_CODES_PATH } from './keys.ts';

const answer = envelope(z.array(promoCodeDto));

/** GET /events/manage/promo-codes?eventId=: an event's promo codes with their usage. */
export async function getPromoCodes(eventId: string | undefined): Promise<PromoCodeDto[]> {
  const query = eventId ? `?eventId=${encodeURIComponent(eventId)}` : '';
  const response = await api.get(`${PROMO_CODES_PATH}${query}`);
  return answer.parse(response.data).data;
}

export const promoCodesQueryOptions = (eventId: string | undefined) =>
  queryOptions({
    queryKey: marketingKeys.promoList(eventId),
    queryFn: () => getPromoCodes(eventId),
  });

export function usePromoCodes(eventId: string | undefined) {
  return useQuery({ ...promoCodesQueryOptions(eventId), enabled: Boolean(eventId) });
}
