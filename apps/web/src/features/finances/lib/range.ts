import { DEFAULT_TIME_ZONE, todayInZone } from '@gatepass/shared';

/** Today's calendar day in Lagos, or `offset` days from it. */
const lagosDay = (offset: number, now?: Date) => todayInZone(DEFAULT_TIME_ZONE, now, offset);

/**
 * The finances filter, kept in the URL: a Lagos day range (both ends optional, inclusive)
 * and optionally one event. No range means all time.
 */
export interface FinancesFilter {
  from?: string;
  to?: string;
  eventId?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFinancesFilter(params: URLSearchParams): FinancesFilter {
  const filter: FinancesFilter = {};
  const from = params.get('from');
  const to = params.get('to');
  if (from && DAY.test(from)) filter.from = from;
  if (to && DAY.test(to)) filter.to = to;
  const eventId = params.get('eventId')?.trim();
  if (eventId) filter.eventId = eventId.slice(0, 64);
  return filter;
}

export function writeFinancesFilter(filter: FinancesFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.eventId) params.set('eventId', filter.eventId);
  return params;
}

export function apiQuery(filter: FinancesFilter): string {
  return writeFinancesFilter(filter).toString();
}

export interface RangePreset {
  id: string;
  label: string;
  range: (now?: Date) => { from?: string; to?: string };
}

/** Quick ranges, counted in Lagos days and including today. */
export const RANGE_PRESETS: RangePreset[] = [
  {
    id: '7d',
    label: '7 days',
    range: (now) => ({ from: lagosDay(-6, now), to: lagosDay(0, now) }),
  },
  {
    id: '30d',
    label: '30 days',
    range: (now) => ({ from: lagosDay(-29, now), to: lagosDay(0, now) }),
  },
  {
    id: '90d',
    label: '90 days',
    range: (now) => ({ from: lagosDay(-89, now), to: lagosDay(0, now) }),
  },
  {
    id: 'year',
    label: 'This year',
    range: (now) => ({ from: `${lagosDay(0, now).slice(0, 4)}-01-01`, to: lagosDay(0, now) }),
  },
  { id: 'all', label: 'All time', range: () => ({}) },
];

/** The preset a filter's range equals, if any (so its button shows as pressed). */
export function activePreset(filter: FinancesFilter, now?: Date): string | undefined {
  return RANGE_PRESETS.find((p) => {
    const r = p.range(now);
    return (r.from ?? '') === (filter.from ?? '') && (r.to ?? '') === (filter.to ?? '');
  })?.id;
}
