import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '../../../lib/download.ts';
import { apiQuery, type OrdersFilter } from '../lib/filters.ts';
import { MANAGE_ORDERS_PATH } from './keys.ts';

/**
 * GET /events/manage/orders/export.csv: every order matching the filter as CSV, streamed by
 * the server. Fetched with the bearer token and saved as a file.
 */
export async function exportOrders(filter: OrdersFilter): Promise<void> {
  const query = apiQuery(filter, { paged: false });
  await downloadWithToken(
    `${MANAGE_ORDERS_PATH}/export.csv${query ? `?${query}` : ''}`,
    'orders.csv',
  );
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
