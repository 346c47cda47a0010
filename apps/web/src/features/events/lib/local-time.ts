import { isValidTimeZone } from '@gatepass/shared';

/**
 * The time-zone picker of the organiser's forms. The wall-clock arithmetic of their
 * <input type="datetime-local"> (a time without a zone, read in the event's zone) is the
 * shared date module's: instantToLocalInput and localInputToInstant in @gatepass/shared.
 */

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
    return renamed && isValidTimeZone(renamed) ? renamed : zone;
  });
  const common: string[] = [...COMMON_TIME_ZONES];
  const rest = [...new Set(canonical)].filter((zone) => !common.includes(zone)).sort();
  const list = [...common, ...rest];
  if (current && !list.includes(current)) list.unshift(current);
  return list;
}
