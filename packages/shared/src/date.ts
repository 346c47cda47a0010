/**
 * The one date module (web and server): the spec's display format, the short forms tables
 * and door screens use, and the wall-clock arithmetic of the organiser's datetime inputs.
 * Everything is in Lagos time unless the caller names another zone (the event's, or the
 * device's for the door's own clock).
 */

/** The spec's date display format, as date-fns writes it ("Saturday, December 5, 2026 • 7:00 PM"). */
export const DATE_DISPLAY_FORMAT = 'EEEE, MMMM d, yyyy • h:mm a';
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

// One Intl formatter per locale, zone and options, reused: building one costs the browser
// ~30 ms the first time (ICU's calendar data), and a formatter that also names the zone's
// offset — what @date-fns/tz asks Intl for at every step — cost 135–180 ms of main thread
// on the public pages (measured in Chromium, decision 020); a flash sale's SMS format one
// date per order.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The cached Intl formatter for these options. Short forms are written as en-GB writes
 * them ("5 Dec 2026, 7:00 pm"); the spec's long format is built from en-US parts.
 */
export function dateFormatter(
  options: Intl.DateTimeFormatOptions,
  locale: 'en-GB' | 'en-US' = 'en-GB',
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

let deviceZone: string | undefined;
/** The zone this device's clock shows (the door's own times: "refreshed at 14:35"). */
export function deviceTimeZone(): string {
  deviceZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return deviceZone;
}

type DateInput = Date | string | number;

function partsOf(
  value: DateInput,
  options: Intl.DateTimeFormatOptions,
  locale?: 'en-GB' | 'en-US',
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dateFormatter(options, locale).formatToParts(new Date(value))) {
    parts[part.type] = part.value;
  }
  return parts;
}

const specOptions = (timeZone: string): Intl.DateTimeFormatOptions => ({
  timeZone,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
});

/**
 * Formats an instant as the spec shows dates ("Saturday, December 5, 2026 • 7:00 PM"),
 * in the event's time zone so a guest abroad sees the time on the door.
 */
export function formatEventDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { weekday, month, day, year, hour, minute, dayPeriod } = partsOf(
    value,
    specOptions(timeZone),
    'en-US',
  );
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

// The parts the short forms are made of.
const DAY_MONTH_YEAR = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const CLOCK_12H = { hour: 'numeric', minute: '2-digit', hour12: true } as const;
const CLOCK_24H = { hour: '2-digit', minute: '2-digit' } as const;

const shortForm =
  (parts: Intl.DateTimeFormatOptions) =>
  (value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string =>
    dateFormatter({ timeZone, ...parts }).format(new Date(value));

/** "5 Dec 2026, 7:00 pm": tables and cards, where the spec's long format does not fit. */
export const formatShortDateTime = shortForm({ ...DAY_MONTH_YEAR, ...CLOCK_12H });

/** "5 Dec 2026". */
export const formatShortDate = shortForm(DAY_MONTH_YEAR);

/** "5 Dec, 14:35": a day of this season and its clock time (the door's refusals, hourly counts). */
export const formatDayClock = shortForm({ day: 'numeric', month: 'short', ...CLOCK_24H });

/** A calendar day ("2026-12-05") as "5 Dec 2026", without any time-zone shift. */
export function formatDay(day: string): string {
  return formatShortDate(`${day}T00:00:00Z`, 'UTC');
}

/** "14:35" (or "14:35:07" with seconds): a clock time on a 24-hour clock. */
export function formatClock(
  value: DateInput,
  timeZone: string = DEFAULT_TIME_ZONE,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  return shortForm(seconds ? { ...CLOCK_24H, second: '2-digit' } : CLOCK_24H)(value, timeZone);
}

/**
 * An instant as the wall-clock value of a datetime-local input in `timeZone`
 * ("2026-12-05T19:00"); '' for none or for what is not a date.
 */
export function instantToLocalInput(
  value: DateInput | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day, hour, minute } = partsOf(instant, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/**
 * Today's calendar day ("2026-12-05") in `timeZone` (Lagos by default; the value of an
 * <input type="date">), or the day `offsetDays` from it.
 */
export function todayInZone(
  timeZone: string = DEFAULT_TIME_ZONE,
  now: Date = new Date(),
  offsetDays = 0,
): string {
  const today = instantToLocalInput(now, timeZone).slice(0, 10);
  if (offsetDays === 0) return today;
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

const wallClockUtc = (local: string): number | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) : undefined;
};

/**
 * A datetime-local value read in `timeZone`, as an ISO instant (the inverse of
 * instantToLocalInput); undefined when the value is not a wall-clock time.
 */
export function localInputToInstant(local: string, timeZone: string): string | undefined {
  const wall = wallClockUtc(local);
  if (wall === undefined) return undefined;
  // Start as if the zone were UTC and correct by the offset seen; twice covers a DST edge.
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const shown = wallClockUtc(instantToLocalInput(new Date(guess), timeZone));
    if (shown === undefined) return undefined;
    guess += wall - shown;
  }
  return new Date(guess).toISOString();
}

/** "GMT+1" for Africa/Lagos at that instant, as Intl names it; the zone's name if unknown. */
export function zoneOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    return partsOf(at, { timeZone, timeZoneName: 'shortOffset' }).timeZoneName ?? timeZone;
  } catch {
    return timeZone;
  }
}
