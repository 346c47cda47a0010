import { envelope, payoutBanksDto, type PayoutBanksDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SETTINGS_PATH, settingsKeys } from './keys.ts';

const answer = envelope(payoutBanksDto);

/** GET /events/manage/settings/payout/banks: Paystack's banks, or `paystack: false`. */
export async function getPayoutBanks(): Promise<PayoutBanksDto> {
  const response = await api.get(`${SETTINGS_PATH}/payout/banks`);
  return answer.parse(response.data).data;
}

export function usePayoutBanks() {
  return useQuery({
    queryKey: [...settingsKeys.all, 'payout-banks'],
    queryFn: getPayoutBanks,
    staleTime: 60 * 60_000,
  });
}
