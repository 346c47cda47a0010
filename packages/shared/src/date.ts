/** The spec's date display format, as date-fns writes it ("Saturday, December 5, 2026 • 7:00 PM"). */
export const DATE_DISPLAY_FORMAT = 'EEEE, MMMM d, yyyy • h:mm a';
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

// One Intl formatter per time zone, reused: building one costs the browser ~30 ms the first
// time (ICU's calendar data), and a formatter that also names the zone's offset — what
// @date-fns/tz asks Intl for at every step — cost 135–180 ms of main thread on the public
// pages (measured in Chromium, decision 020).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Formats an instant as the spec shows dates ("Saturday, December 5, 2026 • 7:00 PM"),
 * in the event's time zone so a guest abroad sees the time on the door.
 */
export function formatEventDate(
  value: Date | string | number,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(value))) {
    parts[part.type] = part.value;
  }
  const { weekday, month, day, year, hour, minute, dayPeriod } = parts;
  return `${weekday}, ${month} ${day}, ${year} • ${hour}:${minute} ${dayPeriod}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

function wallClockParts(local: string) {
  const m = WALL_CLOCK.exec(local);
  if (!m) throw new RangeError(`Not a wall-clock time: ${local}`);
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { year, month, day, hour, minute };
}

/**
 * The spec's date display of a wall-clock time the server gave in the event's zone
 * ("2026-12-05T19:00" → "Saturday, December 5, 2026 • 7:00 PM"). Plain arithmetic: no Intl,
 * whose first date formatter costs a phone 25–60 ms (decision 020). Same words as
 * formatEventDate (format.test.ts).
 */
export function formatWallClock(local: string): string {
  const { year, month, day, hour, minute } = wallClockParts(local);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const minutes = String(minute).padStart(2, '0');
  return `${weekday}, ${MONTHS[month - 1]} ${day}, ${year} • ${hour12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The zone's offset at an instant, as Intl's en-GB shortOffset names it ("GMT+1",
 * "GMT+5:30", "GMT-3:30", "GMT+0"), from the instant and its wall-clock time in that zone.
 */
export function offsetLabel(local: string, instant: Date | string | number): string {
  const { year, month, day, hour, minute } = wallClockParts(local);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const at = new Date(instant).getTime();
  const minutes = Math.round((wall - (at - (at % 60_000))) / 60_000);
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}
