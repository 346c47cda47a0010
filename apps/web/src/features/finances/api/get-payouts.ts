import { envelope, payoutLedgerDto, type PayoutLedgerDto } from '@gatepass/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadWithToken } from '../../../lib/download.ts';
import { apiQuery, type FinancesFilter } from '../lib/range.ts';
import { financesKeys } from './get-finances.ts';

const answer = envelope(payoutLedgerDto);

/** GET /events/manage/finances/payouts: the payout ledger of the filter. */
export async function getPayouts(
  filter: FinancesFilter,
  signal?: AbortSignal,
): Promise<PayoutLedgerDto> {
  const query = apiQuery(filter);
  const response = await api.get(`/events/manage/finances/payouts${query ? `?${query}` : ''}`, {
    signal,
  });
  return answer.parse(response.data).data;
}

export function usePayouts(filter: FinancesFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...financesKeys.all, 'payouts', filter],
    queryFn: ({ signal }) => getPayouts(filter, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /events/manage/finances/payouts.csv: the same ledger as a CSV download. */
export function useExportPayouts() {
  return useMutation({
    mutationFn: async (filter: FinancesFilter) => {
      const query = apiQuery(filter);
      await downloadWithToken(
        `/events/manage/finances/payouts.csv${query ? `?${query}` : ''}`,
        'payouts.csv',
      );
    },
  });
}
