import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE, type EventDateFilter } from '@gatepass/shared';
import { format } from 'date-fns';

/** The list's date filters are Lagos calendar days, whatever the server's own zone. */
export const LIST_TIME_ZONE = DEFAULT_TIME_ZONE;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/**
 * An API date-time as an instant: with an offset or Z it is one already; without, it is a
 * wall-clock time in `timeZone` (what a datetime-local input gives for the event's zone).
 */
export function toInstant(value: string, timeZone: string): Date {
  const m = WALL_CLOCK.exec(value);
  if (!m) return new Date(value);
  const [, y, mo, d, h, mi, s, frac] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const zoned = new TZDate(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s ?? 0),
    ms,
    timeZone,
  );
  return new Date(zoned.getTime());
}

/** "2026-12-05T19:00": the wall-clock time of an instant in a zone, for datetime-local inputs. */
export function toWallClock(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** ISO 8601 with the zone's offset ("2026-12-05T19:00:00+01:00"), as schema.org prefers. */
export function toIsoWithOffset(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** Midnight at the start of a calendar day in `timeZone`, `addDays` later. */
function dayStart(
  year: number,
  month: number,
  day: number,
  addDays = 0,
  timeZone = LIST_TIME_ZONE,
): Date {
  return new Date(new TZDate(year, month, day + addDays, 0, 0, 0, 0, timeZone).getTime());
}

export interface TimeWindow {
  from?: Date;
  to?: Date;
}

/**
 * The half-open window [from, to) of a date filter, in Lagos time: today, tomorrow, this
 * weekend (Friday to Sunday: the coming one, or the current one from Friday on), this
 * calendar month. An event matches when it starts in the window, or is still running
 * on its first morning (see the repository's list query).
 */
export function dateFilterWindow(filter: EventDateFilter, now: Date): TimeWindow {
  const local = new TZDate(now.getTime(), LIST_TIME_ZONE);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  switch (filter) {
    case 'today':
      return { from: dayStart(y, m, d), to: dayStart(y, m, d, 1) };
    case 'tomorrow':
      return { from: dayStart(y, m, d, 1), to: dayStart(y, m, d, 2) };
    case 'weekend': {
      const weekday = local.getDay(); // 0 Sunday … 5 Friday, 6 Saturday
      const toFriday = weekday === 0 ? -2 : weekday === 6 ? -1 : 5 - weekday;
      return { from: dayStart(y, m, d, toFriday), to: dayStart(y, m, d, toFriday + 3) };
    }
    case 'month':
      return { from: dayStart(y, m, 1), to: dayStart(y, m + 1, 1) };
  }
}

/** Inclusive calendar dates ("2026-12-05") in Lagos time as a window. */
export function dateRangeWindow(from: string | undefined, to: string | undefined): TimeWindow {
  const parse = (v: string) => v.split('-').map(Number) as [number, number, number];
  const window: TimeWindow = {};
  if (from) {
    const [y, m, d] = parse(from);
    window.from = dayStart(y, m - 1, d);
  }
  if (to) {
    const [y, m, d] = parse(to);
    window.to = dayStart(y, m - 1, d, 1);
  }
  return window;
}
