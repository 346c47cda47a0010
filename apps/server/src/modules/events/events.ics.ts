import type { PublicEventDto } from '@gatepass/shared';

/**
 * An iCalendar file (RFC 5545) for "add to calendar": CRLF line ends, text values escaped
 * (§3.3.11), lines folded at 75 octets without splitting a UTF-8 character (§3.1).
 * Times are UTC, which every calendar shows in the reader's own zone.
 */
export function eventCalendar(event: PublicEventDto, publicUrl: string, stamp: Date): string {
  const url = `${publicUrl}${event.url}`;
  const location = event.venueName
    ? [event.venueName, event.address, event.city].filter(Boolean).join(', ')
    : event.online
      ? 'Online'
      : '';
  const description = [event.summary, `Details and tickets: ${url}`].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gatepass//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@gatepass`,
    `DTSTAMP:${utc(stamp)}`,
    `DTSTART:${utc(new Date(event.startAt))}`,
    `DTEND:${utc(new Date(event.endAt))}`,
    `SUMMARY:${escapeText(event.status === 'cancelled' ? `Cancelled: ${event.title}` : event.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `URL:${url}`,
    `STATUS:${event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** 20261205T180000Z */
export function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon and comma escaped; any line break becomes \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line into chunks of at most 75 octets, continuation lines led by a space. */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines spend one octet on the space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
