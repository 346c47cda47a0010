import type { PublicEventsQuery } from './contracts/events.ts';
import {
  EVENT_CATEGORIES,
  EVENT_DATE_FILTERS,
  type EventCategory,
  type EventDateFilter,
} from './event-values.ts';

/**
 * The public list's search and filters, kept in the URL query so a filtered list can be
 * shared, bookmarked and reloaded. Unknown or malformed values are dropped, never sent.
 * Shared because the server reads a list page's URL the same way, to put the list's first
 * answer into the page (decision 021).
 */
export interface EventFilters {
  q: string;
  category: EventCategory | '';
  /** A shortcut, or 'range' when `from`/`to` are used. */
  date: EventDateFilter | 'range' | '';
  from: string;
  to: string;
  price: 'free' | 'paid' | '';
  city: string;
  page: number;
}

export const EMPTY_FILTERS: EventFilters = {
  q: '',
  category: '',
  date: '',
  from: '',
  to: '',
  price: '',
  city: '',
  page: 1,
};

export const DATE_FILTER_LABELS: Record<EventDateFilter | 'range', string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  weekend: 'This weekend',
  month: 'This month',
  range: 'Pick dates',
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isCategory = (v: string): v is EventCategory =>
  (EVENT_CATEGORIES as readonly string[]).includes(v);
const isDateFilter = (v: string): v is EventDateFilter =>
  (EVENT_DATE_FILTERS as readonly string[]).includes(v);

export function filtersFromSearch(params: URLSearchParams): EventFilters {
  const text = (key: string, max: number) => (params.get(key) ?? '').trim().slice(0, max);
  const category = text('category', 40);
  const date = text('date', 20);
  const from = text('from', 10);
  const to = text('to', 10);
  const price = text('price', 10);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const validFrom = isoDay.test(from) ? from : '';
  const validTo = isoDay.test(to) ? to : '';
  return {
    q: text('q', 100),
    category: isCategory(category) ? category : '',
    date: isDateFilter(date) ? date : validFrom || validTo || date === 'range' ? 'range' : '',
    from: isDateFilter(date) ? '' : validFrom,
    to: isDateFilter(date) ? '' : validTo,
    price: price === 'free' || price === 'paid' ? price : '',
    city: text('city', 80),
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The URL query for these filters: empty ones left out, page 1 implied. */
export function searchFromFilters(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.date && filters.date !== 'range') params.set('date', filters.date);
  if (filters.date === 'range' || !filters.date) {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
    // "Pick dates" chosen, no date picked yet: the URL remembers the choice.
    if (filters.date === 'range' && !filters.from && !filters.to) params.set('date', 'range');
  }
  if (filters.price) params.set('price', filters.price);
  if (filters.city.trim()) params.set('city', filters.city.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The home page's "Upcoming events": the first six, soonest first. */
export const HOME_EVENTS_QUERY = { page: 1, pageSize: 6 } as const satisfies PublicEventsQuery;

/** What GET /events is asked for these filters (the list page's query, and its page data key). */
export function publicEventsQueryFor(filters: EventFilters): PublicEventsQuery {
  const query: PublicEventsQuery = { page: filters.page };
  if (filters.q) query.q = filters.q;
  if (filters.category) query.category = filters.category;
  if (filters.city) query.city = filters.city;
  if (filters.price) query.price = filters.price;
  if (filters.date && filters.date !== 'range') query.date = filters.date;
  if (filters.date === 'range') {
    if (filters.from) query.from = filters.from;
    if (filters.to) query.to = filters.to;
  }
  return query;
}

/** Changes some filters; any change other than the page goes back to page 1. */
export function withFilters(current: EventFilters, change: Partial<EventFilters>): EventFilters {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  if (change.date !== undefined && change.date !== 'range') {
    next.from = '';
    next.to = '';
  }
  return next;
}

/** How many filters (not the search) are on, for the "Filters (2)" button on phones. */
export function activeFilterCount(filters: EventFilters): number {
  return [filters.category, filters.date, filters.price, filters.city.trim()].filter(Boolean)
    .length;
}
