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
