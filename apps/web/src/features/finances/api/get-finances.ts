import { envelope, financesDto, type FinancesDto } from '@gatepass/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { apiQuery, type FinancesFilter } from '../lib/range.ts';

const answer = envelope(financesDto);

export const financesKeys = {
  all: queryKeys.finances.all,
  report: (filter: FinancesFilter) => [...queryKeys.finances.all, 'report', filter] as const,
};

/** GET /events/manage/finances: totals, a row per event and daily sales for the range. */
export async function getFinances(
  filter: FinancesFilter,
  signal?: AbortSignal,
): Promise<FinancesDto> {
  const query = apiQuery(filter);
  const response = await api.get(`/events/manage/finances${query ? `?${query}` : ''}`, { signal });
  return answer.parse(response.data).data;
}

export const financesQueryOptions = (filter: FinancesFilter) =>
  queryOptions({
    queryKey: financesKeys.report(filter),
    queryFn: ({ signal }) => getFinances(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useFinances(filter: FinancesFilter) {
  return useQuery(financesQueryOptions(filter));
}
