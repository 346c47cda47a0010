import { ORDER_STATUSES, type OrderStatus } from '@gatepass/shared';

/**
 * The orders list's filters, kept in the page's URL query so a filtered view can be
 * reloaded, shared and navigated back to. Unknown or malformed values are dropped rather
 * than sent to the API.
 */
export interface OrdersFilter {
  q?: string;
  eventId?: string;
  status?: OrderStatus;
  /** Lagos calendar days, "2026-12-05". */
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readOrdersFilter(params: URLSearchParams): OrdersFilter {
  const filter: OrdersFilter = { page: 1 };
  const q = params.get('q')?.trim();
  if (q) filter.q = q.slice(0, 120);
  const eventId = params.get('eventId')?.trim();
  if (eventId) filter.eventId = eventId.slice(0, 64);
  const status = params.get('status');
  if (status && (ORDER_STATUSES as readonly string[]).includes(status)) {
    filter.status = status as OrderStatus;
  }
  const from = params.get('from');
  if (from && DAY.test(from)) filter.from = from;
  const to = params.get('to');
  if (to && DAY.test(to)) filter.to = to;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1 && page <= 100_000) filter.page = page;
  return filter;
}

/**
 * Writes the filter into a query, keeping parameters that are not filters (such as the
 * open order) and leaving out empty values and page 1.
 */
export function writeOrdersFilter(
  filter: OrdersFilter,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['q', 'eventId', 'status', 'from', 'to', 'page']) params.delete(key);
  if (filter.q) params.set('q', filter.q);
  if (filter.eventId) params.set('eventId', filter.eventId);
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** The API query of the list (with paging) or of the CSV export (without). */
export function apiQuery(filter: OrdersFilter, options: { paged: boolean }): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.eventId) params.set('eventId', filter.eventId);
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (options.paged) params.set('page', String(filter.page));
  return params.toString();
}

/** True when anything narrows the list (a search, an event, a status or a date). */
export function isFiltered(filter: OrdersFilter): boolean {
  return Boolean(filter.q || filter.eventId || filter.status || filter.from || filter.to);
}
