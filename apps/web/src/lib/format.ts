import { DEFAULT_TIME_ZONE } from '@gatepass/shared';

/**
 * Short date forms for tables and cards, where the spec's long format
 * ('EEEE, MMMM d, yyyy • h:mm a', from formatEventDate) does not fit. Lagos time unless the
 * caller passes the event's zone.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit', hour12: true } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** "5 Dec 2026, 7:00 pm". */
export function formatShortDateTime(
  value: string | number | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  return formatter(timeZone, true).format(new Date(value));
}

/** "5 Dec 2026". */
export function formatShortDate(
  value: string | number | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  return formatter(timeZone, false).format(new Date(value));
}

/** A calendar day ("2026-12-05") as "5 Dec 2026", without any time-zone shift. */
export function formatDay(day: string): string {
  return formatter('UTC', false).format(new Date(`${day}T00:00:00Z`));
}

/** Today's calendar day in Lagos ("2026-12-05"), or `offsetDays` from it. */
export function lagosDay(offsetDays = 0, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  if (offsetDays === 0) return parts;
  const d = new Date(`${parts}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
