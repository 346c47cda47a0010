import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The spec's date display format. */
export const DATE_DISPLAY_FORMAT = 'EEEE, MMMM d, yyyy • h:mm a';
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

/**
 * Formats an instant as the spec shows dates ("Saturday, December 5, 2026 • 7:00 PM"),
 * in the event's time zone so a guest abroad sees the time on the door.
 */
export function formatEventDate(
  value: Date | string | number,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const instant = new Date(value);
  return format(new TZDate(instant.getTime(), timeZone), DATE_DISPLAY_FORMAT);
}
