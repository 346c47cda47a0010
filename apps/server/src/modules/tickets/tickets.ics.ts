import { escapeText, fold, utc } from '../events/events.ics.ts';
import { ticketLines, where, type TicketOrder } from './tickets.render.ts';

/**
 * The buyer's "add to calendar" file: the event (same UID as the event page's .ics, so a
 * calendar that has both keeps one entry), with the order code and tickets in the
 * description. Built with the events module's RFC 5545 helpers (escaping, folding, UTC).
 * An event without a start yet has no calendar entry to give.
 */
export function ticketCalendar(order: TicketOrder, publicUrl: string, stamp: Date): string | null {
  const { event } = order;
  if (!event.startAt) return null;
  const start = new Date(event.startAt);
  // No end: a 3-hour slot, a fair default for an evening event.
  const end = event.endAt ? new Date(event.endAt) : new Date(start.getTime() + 3 * 3_600_000);
  const eventUrl = `${publicUrl}/events/${event.slug}`;
  const place = where(order);
  const description = [
    `Order code: ${order.orderCode}`,
    `Tickets: ${ticketLines(order).join(', ')}`,
    `Show the QR code or the order code at the door. Your ticket: ${publicUrl}/orders/${order.orderCode}`,
    `Event page: ${eventUrl}`,
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gatepass//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${order.eventId}@gatepass`,
    `DTSTAMP:${utc(stamp)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(place !== 'To be announced' ? [`LOCATION:${escapeText(place)}`] : []),
    `URL:${eventUrl}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
