import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersFromSearch,
  publicEventsQueryFor,
  searchFromFilters,
  withFilters,
} from './event-filters.ts';

describe('event list filters in the URL', () => {
  it('reads every filter from the query', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('q=jazz&category=Music&date=weekend&price=paid&city=Lagos&page=3'),
    );
    expect(filters).toEqual({
      q: 'jazz',
      category: 'Music',
      date: 'weekend',
      from: '',
      to: '',
      price: 'paid',
      city: 'Lagos',
      page: 3,
    });
  });

  it('drops values the API would refuse', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('category=Poetry&date=someday&price=cheap&page=-2&from=12/05/2026'),
    );
    expect(filters).toEqual(EMPTY_FILTERS);
  });

  it('treats from/to as a date range', () => {
    const filters = filtersFromSearch(new URLSearchParams('from=2026-12-01&to=2026-12-31'));
    expect(filters.date).toBe('range');
    expect(searchFromFilters(filters).toString()).toBe('from=2026-12-01&to=2026-12-31');
  });

  it('remembers "Pick dates" before any date is picked', () => {
    const query = searchFromFilters({ ...EMPTY_FILTERS, date: 'range' });
    expect(query.toString()).toBe('date=range');
    expect(filtersFromSearch(query).date).toBe('range');
  });

  it('writes only what is set, and round-trips', () => {
    const filters = { ...EMPTY_FILTERS, q: ' afro beats ', city: 'Abuja', page: 2 };
    const query = searchFromFilters(filters);
    expect(query.toString()).toBe('q=afro+beats&city=Abuja&page=2');
    expect(filtersFromSearch(query)).toEqual({ ...filters, q: 'afro beats' });
  });

  it('goes back to page 1 when a filter changes, and a shortcut clears the range', () => {
    const current = { ...EMPTY_FILTERS, date: 'range' as const, from: '2026-12-01', page: 4 };
    const next = withFilters(current, { date: 'today' });
    expect(next).toMatchObject({ date: 'today', from: '', to: '', page: 1 });
    expect(withFilters(current, { page: 5 }).page).toBe(5);
  });

  it('counts the filters that are on', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, q: 'x', category: 'Tech', price: 'free' })).toBe(
      2,
    );
  });
});

describe('the list page’s API query', () => {
  it('asks for the filters in force, and for a date range only when one is chosen', () => {
    expect(
      publicEventsQueryFor(
        filtersFromSearch(
          new URLSearchParams('q=jazz&category=Music&date=weekend&price=paid&city=Lagos&page=3'),
        ),
      ),
    ).toEqual({
      page: 3,
      q: 'jazz',
      category: 'Music',
      date: 'weekend',
      price: 'paid',
      city: 'Lagos',
    });
    expect(
      publicEventsQueryFor(filtersFromSearch(new URLSearchParams('from=2026-12-01&to=2026-12-31'))),
    ).toEqual({ page: 1, from: '2026-12-01', to: '2026-12-31' });
    expect(publicEventsQueryFor(EMPTY_FILTERS)).toEqual({ page: 1 });
  });
});
