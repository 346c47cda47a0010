import { dateFormatter } from '@gatepass/shared';
import type { SaleEvent } from '../events/inventory.service.ts';
import type { NewSms } from '../mail/mail.service.ts';
import { gsm7Length, SMS_SEGMENT, toGsm7, truncateGsm7 } from '../sms/sms.text.ts';
import { normalizePhone } from '../../lib/phone.ts';
import type { OrderRow } from './orders.table.ts';

export const ORDER_CONFIRMATION_SMS = 'order-confirmation-sms';

/**
 * The shared module's cached formatter: making one costs far more than using it, and a flash
 * sale confirms hundreds of orders of one event a second (each with its SMS).
 */
const formatterFor = (timeZone: string) =>
  dateFormatter(
    {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    },
    'en-US',
  );

/**
 * Texts made this minute, by start and zone: every confirmation of a sale names the same
 * event time, and `formatToParts` twice an order was 3 % of a flash sale's CPU. A minute's
 * texts are dropped when the minute turns (the "this year" comparison moves with `now`).
 */
const madeThisMinute = { minute: -1, texts: new Map<string, string>() };

/** "Sun 20 Dec, 7:00 PM" in the event's time zone; the year when it is not this year's. */
export function shortEventTime(startAt: Date | null, timeZone: string, now = new Date()): string {
  if (!startAt) return 'date to be announced';
  const minute = Math.floor(now.getTime() / 60_000);
  if (madeThisMinute.minute !== minute || madeThisMinute.texts.size >= 1_000) {
    madeThisMinute.minute = minute;
    madeThisMinute.texts = new Map();
  }
  const key = `${startAt.getTime()}|${timeZone}`;
  let text = madeThisMinute.texts.get(key);
  if (text === undefined) {
    text = formatShortEventTime(startAt, timeZone, now);
    madeThisMinute.texts.set(key, text);
  }
  return text;
}

function formatShortEventTime(startAt: Date, timeZone: string, now: Date): string {
  const f = formatterFor(timeZone);
  const parts = (date: Date) =>
    Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value])) as Record<
      string,
      string
    >;
  const p = parts(startAt);
  const year = p.year !== parts(now).year ? ` ${p.year}` : '';
  return `${p.weekday} ${p.day} ${p.month}${year}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/**
 * The confirmation by SMS: the order code, the event, when, and the ticket page's link —
 * one segment (160 GSM-7 characters) wherever the link allows; only the title is ever cut,
 * never the code or the link. Undefined when the order has no phone that can take an SMS
 * (a waiting-list offer's order has none; checkout takes what the buyer typed).
 */
export function orderConfirmationSms(
  order: Pick<OrderRow, 'id' | 'code' | 'phone' | 'payment_method' | 'paid_at'>,
  event: Pick<SaleEvent, 'title' | 'start_at' | 'time_zone'> &
    Partial<Pick<SaleEvent, 'id' | 'owner_id'>>,
  ticketUrl: string,
  testPaid: boolean,
): NewSms | undefined {
  const to = order.phone ? normalizePhone(order.phone) : null;
  if (!to) return undefined;
  const when = toGsm7(shortEventTime(event.start_at, event.time_zone));
  const head = `${testPaid ? 'TEST, NOT PAID. ' : ''}Gatepass order ${order.code}: `;
  const tail = `, ${when}. Ticket: ${ticketUrl}`;
  const room = SMS_SEGMENT - gsm7Length(head) - gsm7Length(tail);
  // A very long PUBLIC_URL leaves no room: a short title still, over two segments.
  const title = truncateGsm7(toGsm7(event.title).trim(), Math.max(room, 16));
  return {
    channel: 'sms',
    kind: ORDER_CONFIRMATION_SMS,
    to,
    text: `${head}${title}${tail}`,
    context: { orderId: order.id },
    about: `${order.id}:${order.code}`,
    // Counted against the sale's budget of SMS to new numbers (decision 052).
    eventId: event.id,
    organiserId: event.owner_id,
  };
}
