import { envelope, resolvedPayoutDto, type ResolvedPayoutDto } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SETTINGS_PATH } from './keys.ts';

const answer = envelope(resolvedPayoutDto);

/** GET /events/manage/settings/payout/resolve: the account's name at the bank (Paystack). */
export async function resolvePayout(input: {
  bankCode: string;
  accountNumber: string;
}): Promise<ResolvedPayoutDto> {
  const query = new URLSearchParams(input).toString();
  const response = await api.get(`${SETTINGS_PATH}/payout/resolve?${query}`);
  return answer.parse(response.data).data;
}

export function useResolvePayout() {
  return useMutation({ mutationFn: resolvePayout });
}
