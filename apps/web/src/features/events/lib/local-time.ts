/**
 * The organiser's forms use <input type="datetime-local">, whose value is a wall-clock time
 * without a zone ("2026-12-05T19:00"). The API reads such a value in the event's time zone
 * and answers instants in UTC, so sales windows (given as instants) are turned back into the
 * event's wall clock here.
 */

const partsFormatter = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

/** An instant as the wall-clock value of a datetime-local input in `timeZone`; '' for none. */
export function instantToLocalInput(
  value: string | Date | null | undefined,
  timeZone: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    parts[part.type] = part.value;
  }
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Today's date in `timeZone` as yyyy-mm-dd (the value of an <input type="date">). */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return instantToLocalInput(now, timeZone).slice(0, 10);
}

/** A few zones organisers in and around Nigeria use most, listed first in the picker. */
export const COMMON_TIME_ZONES = [
  'Africa/Lagos',
  'Africa/Accra',
  'Africa/Abidjan',
  'Africa/Nairobi',
  'Africa/Johannesburg',
  'Africa/Cairo',
  'Europe/London',
  'Europe/Paris',
  'America/New_York',
  'UTC',
] as const;

/**
 * Old names browsers still list (Intl.supportedValuesOf follows CLDR, which keeps the
 * first name a zone had) and the IANA name that replaced them, from tzdata's `backward`
 * file: India is Asia/Kolkata, Kyiv is Europe/Kyiv.
 */
export const RENAMED_TIME_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const knownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The zones to choose from: the common ones first, then every zone the browser knows under
 * its current IANA name (an old name only where this browser does not know the new one).
 * The event's own zone stays selectable whatever it is, so an event saved under an old
 * name still reads and saves as it was.
 */
export function timeZoneOptions(current?: string): string[] {
  let all: string[];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  const canonical = all.map((zone) => {
    const renamed = RENAMED_TIME_ZONES[zone];
    return renamed && knownZone(renamed) ? renamed : zone;
  });
  const common: string[] = [...COMMON_TIME_ZONES];
  const rest = [...new Set(canonical)].filter((zone) => !common.includes(zone)).sort();
  const list = [...common, ...rest];
  if (current && !list.includes(current)) list.unshift(current);
  return list;
}

/** "GMT+1" for Africa/Lagos at that instant: shown next to times so nobody guesses. */
export function zoneOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const wallClockUtc = (local: string): number | undefined => {
  const m = WALL_CLOCK.exec(local);
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
