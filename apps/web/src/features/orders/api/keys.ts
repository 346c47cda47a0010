import type { OrdersFilter } from '../lib/filters.ts';

/** Query keys of the organiser's orders, so an action refreshes exactly what it changes. */
export const orderKeys = {
  all: ['manage-orders'] as const,
  lists: () => ['manage-orders', 'list'] as const,
  list: (filter: OrdersFilter) => ['manage-orders', 'list', filter] as const,
  detail: (id: string) => ['manage-orders', 'detail', id] as const,
  eventOptions: () => ['manage-orders', 'event-options'] as const,
};

/** Base path of the organiser's orders in the API. */
export const MANAGE_ORDERS_PATH = '/events/manage/orders';
