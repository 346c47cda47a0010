import { describe, expect, it } from 'vitest';
import { apiQuery, isFiltered, readOrdersFilter, writeOrdersFilter } from './filters.ts';

describe('orders filter in the URL', () => {
  it('reads every filter and the page back from what it wrote', () => {
    const filter = {
      q: 'ada@example.com',
      eventId: 'e-1',
      status: 'refunded' as const,
      from: '2026-12-01',
      to: '2026-12-31',
      page: 3,
    };
    expect(readOrdersFilter(writeOrdersFilter(filter))).toEqual(filter);
  });

  it('drops unknown statuses, malformed dates and silly pages instead of sending them', () => {
    const filter = readOrdersFilter(
      new URLSearchParams('status=paid&from=12/01/2026&to=2026-13&page=-4&q=%20%20'),
    );
    expect(filter).toEqual({ page: 1 });
    expect(isFiltered(filter)).toBe(false);
  });

  it('keeps parameters that are not filters, such as the open order', () => {
    const params = writeOrdersFilter(
      { status: 'pending', page: 1 },
      new URLSearchParams('order=o-9&status=completed&page=4'),
    );
    expect(params.get('order')).toBe('o-9');
    expect(params.get('status')).toBe('pending');
    expect(params.has('page')).toBe(false);
  });

  it('gives the export the same filter without the page', () => {
    const filter = { q: 'Okafor', status: 'completed' as const, page: 2 };
    expect(apiQuery(filter, { paged: true })).toBe('q=Okafor&status=completed&page=2');
    expect(apiQuery(filter, { paged: false })).toBe('q=Okafor&status=completed');
  });
});
