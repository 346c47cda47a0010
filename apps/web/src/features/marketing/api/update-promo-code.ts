import {
  envelope,
  promoCodeDto,
  type PromoCodeDto,
  type UpdatePromoCodeBody,
} from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys, PROMO_CODES_PATH } from './keys.ts';

const answer = envelope(promoCodeDto);

export interface UpdatePromoCodeInput {
  id: string;
  body: UpdatePromoCodeBody;
}

/** PATCH /events/manage/promo-codes/{id}: a partial change (also switches it on or off). */
export async function updatePromoCode({
  id,
  body,
}: UpdatePromoCodeInput): Promise<{ promo: PromoCodeDto; message: string | undefined }> {
  const response = await api.patch(`${PROMO_CODES_PATH}/${encodeURIComponent(id)}`, body);
  const parsed = answer.parse(response.data);
  return { promo: parsed.data, message: parsed.message };
}

export function useUpdatePromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePromoCode,
    onSuccess: ({ promo }) => {
      // Show the change at once in every list holding this code, then refetch.
      client.setQueriesData<PromoCodeDto[]>({ queryKey: marketingKeys.promoLists() }, (list) =>
        list?.map((p) => (p.id === promo.id ? promo : p)),
      );
      void client.invalidateQueries({ queryKey: marketingKeys.promoLists() });
    },
  });
}
