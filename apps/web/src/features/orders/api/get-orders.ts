import { envelope, manageOrderPage, type ManageOrderPage } from '@gatepass/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiQuery, type OrdersFilter } from '../lib/filters.ts';
import { MANAGE_ORDERS_PATH, orderKeys } from './keys.ts';

const answer = envelope(manageOrderPage);

/** GET /events/manage/orders: one page of the organiser's orders matching the filter. */
export async function getOrders(
  filter: OrdersFilter,
  signal?: AbortSignal,
): Promise<ManageOrderPage> {
  const query = apiQuery(filter, { paged: true });
  const response = await api.get(`${MANAGE_ORDERS_PATH}?${query}`, { signal });
  return answer.parse(response.data).data;
}

export const ordersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: orderKeys.list(filter),
    queryFn: ({ signal }) => getOrders(filter, signal),
    // The previous page stays on screen while the next one loads: no flash of emptiness.
    placeholderData: keepPreviousData,
  });

export function useOrders(filter: OrdersFilter) {
  return useQuery(ordersQueryOptions(filter));
}
