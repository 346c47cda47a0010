import { messageEnvelope } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys, PROMO_CODES_PATH } from './keys.ts';

/** DELETE /events/manage/promo-codes/{id}: 409 once an order has used it (switch it off). */
export async function deletePromoCode(id: string): Promise<string> {
  const response = await api.delete(`${PROMO_CODES_PATH}/${encodeURIComponent(id)}`);
  return messageEnvelope.parse(response.data).message;
}

export function useDeletePromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePromoCode,
    onSuccess: () => client.invalidateQueries({ queryKey: marketingKeys.promoLists() }),
  });
}
