import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '../../../lib/download.ts';
import { apiQuery, type FinancesFilter } from '../lib/range.ts';

/**
 * GET /events/manage/finances/export.csv: the completed orders behind the figures, one
 * row each (the columns sum to the totals), streamed by the server.
 */
export async function exportFinances(filter: FinancesFilter): Promise<void> {
  const query = apiQuery(filter);
  await downloadWithToken(
    `/events/manage/finances/export.csv${query ? `?${query}` : ''}`,
    'finances.csv',
  );
}

export function useExportFinances() {
  return useMutation({ mutationFn: exportFinances });
}
