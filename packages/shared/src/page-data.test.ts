import { describe, expect, it } from 'vitest';
import { filtersFromSearch, HOME_EVENTS_QUERY, publicEventsQueryFor } from './event-filters.ts';
import { pageDataKey } from './page-data.ts';

describe('page data keys', () => {
  it('names a request by path and query, whatever order the query was built in', () => {
    expect(pageDataKey('/events', { pageSize: 6, page: 1 })).toBe('/events?page=1&pageSize=6');
    expect(pageDataKey('/events', { page: 1, pageSize: 6 })).toBe(
      pageDataKey('/events', { pageSize: 6, page: 1 }),
    );
  });

  it('leaves out empty values and writes no "?" without a query', () => {
    expect(pageDataKey('/events/lagos-jazz')).toBe('/events/lagos-jazz');
    expect(pageDataKey('/events', { q: '', city: undefined, price: null, page: 2 })).toBe(
      '/events?page=2',
    );
  });

  it('encodes values as a URL query does', () => {
    expect(pageDataKey('/events', { q: 'jazz & soul', category: 'Food & Drink' })).toBe(
      '/events?category=Food+%26+Drink&q=jazz+%26+soul',
    );
  });

  it('gives the server and the list page the same key for a filtered list address', () => {
    // The server reads the page's address; the page builds its query from the same address.
    const fromAddress = (search: string) =>
      pageDataKey('/events', publicEventsQueryFor(filtersFromSearch(new URLSearchParams(search))));
    expect(fromAddress('price=free&category=Music&q=jazz')).toBe(
      '/events?category=Music&page=1&price=free&q=jazz',
    );
    expect(fromAddress('')).toBe('/events?page=1');
    // Values the API would refuse are dropped the same way on both sides.
    expect(fromAddress('category=Poetry&page=-3')).toBe('/events?page=1');
    expect(pageDataKey('/events', HOME_EVENTS_QUERY)).toBe('/events?page=1&pageSize=6');
  });
});
