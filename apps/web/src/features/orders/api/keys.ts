import { queryKeys } from '../../../lib/queries/keys.ts';
import type { OrdersFilter } from '../lib/filters.ts';

/** Query keys of the organiser's orders, so an action refreshes exactly what it changes. */
export const orderKeys = {
  all: queryKeys.orders.all,
  lists: () => [...queryKeys.orders.all, 'list'] as const,
  list: (filter: OrdersFilter) => [...queryKeys.orders.all, 'list', filter] as const,
  detail: (id: string) => [...queryKeys.orders.all, 'detail', id] as const,
};

/** Base path of the organiser's orders in the API. */
export const MANAGE_ORDERS_PATH = '/events/manage/orders';
