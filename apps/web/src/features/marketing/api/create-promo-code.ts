import {
  envelope,
  promoCodeDto,
  type CreatePromoCodeBody,
  type PromoCodeDto,
} from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys, PROMO_CODES_PATH } from './keys.ts';

const answer = envelope(promoCodeDto);

/** POST /events/manage/promo-codes: 409 when the event already has this code. */
export async function createPromoCode(
  body: CreatePromoCodeBody,
): Promise<{ promo: PromoCodeDto; message: string | undefined }> {
  const response = await api.post(PROMO_CODES_PATH, body);
  const parsed = answer.parse(response.data);
  return { promo: parsed.data, message: parsed.message };
}

export function useCreatePromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPromoCode,
    onSuccess: () => client.invalidateQueries({ queryKey: marketingKeys.promoLists() }),
  });
}
