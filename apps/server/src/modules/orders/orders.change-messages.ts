import { formatKobo } from '@gatepass/shared';
import type { SaleEvent } from '../events/inventory.service.ts';
import type { NewMail, NewMessage, NewSms, NewWhatsApp } from '../mail/mail.service.ts';
import { WHATSAPP_TEMPLATES, whatsappText } from '../sms/whatsapp.provider.ts';
import { gsm7Length, SMS_SEGMENT, toGsm7, truncateGsm7 } from '../sms/sms.text.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { formatEventDate } from '@gatepass/shared';
import { isTestPaid } from './orders.dto.ts';
import { shortEventTime } from './orders.sms.ts';
import type { OrderRow } from './orders.table.ts';

/**
 * What a holder is told when something happens to their ticket after the sale (issue 24
 * §1, decision 057): a mail and, where the order has a phone that parses, an SMS — each
 * written in the transaction that makes the change. Every message has a stable `kind`
 * (the SMS's is the mail's with `-sms`) and `context.orderId`, so the outbox can be
 * searched, capped and de-duplicated by kind and order.
 */
export const CHANGE_KINDS = {
  refunded: 'order-refunded',
  cancelled: 'order-cancelled',
  eventCancelled: 'event-cancelled',
  eventChanged: 'event-changed',
  /** The old holder of a transferred order (its mail kind predates this file). */
  transferredAway: 'order-transferred',
} as const;
export type ChangeKind = (typeof CHANGE_KINDS)[keyof typeof CHANGE_KINDS];
export const smsKind = (kind: ChangeKind) => `${kind}-sms`;

/** How the money of a refunded order goes back, which decides what the buyer is told. */
export type RefundRoute =
  /** Returned through Paystack's Refund API now (decision 017). */
  | { via: 'paystack'; amountKobo: number }
  /** Paid offline, or online with Paystack not set up here: the organiser returns it by hand. */
  | { via: 'organiser'; amountKobo: number }
  /** TEST provider or a free order: no money was taken. */
  | { via: 'none' };

/** What the holder's phone reads about a refund's timing (plain words, no promises Paystack does not make). */
export const PAYSTACK_REFUND_TIME =
  'Paystack has started the refund to the card or account you paid with; banks usually show it within 10 working days.';
export const ORGANISER_REFUND_TIME =
  'You paid outside Gatepass, so the organiser returns the money to you directly — contact them if you have not heard from them within a few days.';

type Order = Pick<
  OrderRow,
  | 'id'
  | 'code'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'total_kobo'
  | 'payment_method'
  | 'paid_at'
>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const URL_RE = /(https?:\/\/[^\s]+)/g;

function mail(kind: ChangeKind, order: Order, subject: string, paragraphs: string[]): NewMail {
  const text = [`Hello ${order.first_name},`, ...paragraphs].join('\n\n');
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">\n${[
    `Hello ${order.first_name},`,
    ...paragraphs,
  ]
    .map(
      (p) =>
        `<p>${escape(p)
          .replace(URL_RE, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n')}\n</div>`;
  return { kind, to: order.email, subject, text, html, context: { orderId: order.id } };
}

/**
 * One SMS of one segment where it can: `{head}{title}{tail}`, only the title cut (as the
 * confirmation does, decision 041). None without a usable phone.
 */
function sms(
  kind: ChangeKind,
  order: Pick<Order, 'id' | 'phone'>,
  head: string,
  title: string,
  tail: string,
): NewSms | undefined {
  const to = order.phone ? normalizePhone(order.phone) : null;
  if (!to) return undefined;
  const h = toGsm7(head);
  const t = toGsm7(tail);
  const room = SMS_SEGMENT - gsm7Length(h) - gsm7Length(t);
  const cut = truncateGsm7(toGsm7(title).trim(), Math.max(room, 16));
  return {
    channel: 'sms',
    kind: smsKind(kind),
    to,
    text: `${h}${cut}${t}`,
    context: { orderId: order.id },
  };
}

const both = (m: NewMail, s: NewSms | undefined): NewMessage[] => (s ? [m, s] : [m]);

/**
 * Where WhatsApp is set up (decision 083), each change's SMS goes by WhatsApp too, in the
 * same insert: template `gatepass_update`, {{1}} the SMS's words. Without it, the list as is.
 */
export function alsoByWhatsapp(
  messages: NewMessage[],
  whatsapp: boolean | undefined,
): (NewMessage | NewWhatsApp)[] {
  if (!whatsapp) return messages;
  return messages.flatMap((m): (NewMessage | NewWhatsApp)[] =>
    m.channel === 'sms'
      ? [
          m,
          {
            channel: 'whatsapp',
            kind: `${m.kind.replace(/-sms$/, '')}-whatsapp`,
            to: m.to,
            text: whatsappText({ name: WHATSAPP_TEMPLATES.update, params: [m.text] }),
            context: m.context,
            about: m.about,
          },
        ]
      : [m],
  );
}

/** What went back and how, in the mail's words. */
export function refundSentence(route: RefundRoute): string {
  switch (route.via) {
    case 'paystack':
      return `${formatKobo(route.amountKobo)} is on its way back to you. ${PAYSTACK_REFUND_TIME}`;
    case 'organiser':
      return `${formatKobo(route.amountKobo)} is due back to you. ${ORGANISER_REFUND_TIME}`;
    case 'none':
      return 'No money was taken for this order, so there is nothing to return.';
  }
}

/** The route of a refund as the buyer's money actually moves. */
export function refundRoute(
  order: Pick<OrderRow, 'total_kobo' | 'payment_method' | 'paid_at'>,
  paystackKobo: number,
): RefundRoute {
  if (paystackKobo > 0) return { via: 'paystack', amountKobo: paystackKobo };
  if (order.total_kobo === 0 || isTestPaid(order)) return { via: 'none' };
  return { via: 'organiser', amountKobo: order.total_kobo };
}

/** The organiser refunded a completed order: the amount, and when and how it arrives. */
export function refundedMessages(
  order: Order,
  event: SaleEvent,
  route: RefundRoute,
  reason: string | null,
): NewMessage[] {
  const m = mail(
    CHANGE_KINDS.refunded,
    order,
    `Your order ${order.code} for ${event.title} was refunded`,
    [
      `The organiser of ${event.title} refunded your order ${order.code}.${reason ? ` Their note: "${reason}"` : ''}`,
      refundSentence(route),
      `Order code ${order.code} no longer admits anyone at the door.`,
    ],
  );
  const money =
    route.via === 'paystack'
      ? ` ${toGsm7(formatKobo(route.amountKobo))} back via Paystack, usually within 10 working days.`
      : route.via === 'organiser'
        ? ` The organiser returns ${toGsm7(formatKobo(route.amountKobo))} to you directly.`
        : ' No money was taken.';
  const s = sms(
    CHANGE_KINDS.refunded,
    order,
    `Gatepass order ${order.code} (`,
    event.title,
    `) was refunded.${money} The code no longer works.`,
  );
  return both(m, s);
}

/**
 * The organiser cancelled an order: a completed one loses its tickets (its money, if any,
 * comes back only with a refund, which is told on its own); a pending offline one is no
 * longer to be paid.
 */
export function cancelledMessages(
  order: Order,
  event: SaleEvent,
  reason: string | null,
  wasPaid: boolean,
): NewMessage[] {
  const note = reason ? ` Their note: "${reason}"` : '';
  const m = wasPaid
    ? mail(
        CHANGE_KINDS.cancelled,
        order,
        `Your order ${order.code} for ${event.title} was cancelled`,
        [
          `The organiser of ${event.title} cancelled your order ${order.code}.${note}`,
          `Order code ${order.code} no longer admits anyone at the door.`,
          order.total_kobo > 0 && !isTestPaid(order)
            ? `If you paid for it, ask the organiser about your money: a cancellation alone does not return it. When they refund you, we will tell you here.`
            : 'No money was taken for this order.',
        ],
      )
    : mail(
        CHANGE_KINDS.cancelled,
        order,
        `Your order ${order.code} for ${event.title} was cancelled — do not pay for it`,
        [
          `The organiser of ${event.title} cancelled your order ${order.code}, which was waiting for your payment.${note}`,
          'Do not pay for it: its tickets have been released. If you already paid, contact the organiser.',
        ],
      );
  const s = sms(
    CHANGE_KINDS.cancelled,
    order,
    `Gatepass order ${order.code} (`,
    event.title,
    wasPaid
      ? ') was cancelled by the organiser. The code no longer works. Details by mail.'
      : ') was cancelled by the organiser. Do not pay for it. Details by mail.',
  );
  return both(m, s);
}

/** The organiser cancelled the whole event. */
export function eventCancelledMessages(
  order: Order,
  event: SaleEvent,
  reason: string | null,
): NewMessage[] {
  const paid = order.total_kobo > 0 && !isTestPaid(order);
  const m = mail(
    CHANGE_KINDS.eventCancelled,
    order,
    `${event.title} has been cancelled — order ${order.code}`,
    [
      `We are sorry: the organiser has cancelled ${event.title}${event.start_at ? `, planned for ${formatEventDate(event.start_at.toISOString(), event.time_zone)}` : ''}.${reason ? ` Their reason: "${reason}"` : ''}`,
      `Your order ${order.code} will not admit anyone.`,
      paid
        ? `The organiser refunds the ${formatKobo(order.total_kobo)} you paid. When they do, we will mail you the amount and when it arrives.`
        : 'No money was taken for this order.',
    ],
  );
  const s = sms(
    CHANGE_KINDS.eventCancelled,
    order,
    'Gatepass: ',
    event.title,
    ` is CANCELLED by its organiser. Order ${order.code}: ${paid ? 'the organiser refunds you; we will tell you when.' : 'no money was taken.'}`,
  );
  return both(m, s);
}

/** What changed about an event, as a holder should know it. */
export interface EventChange {
  when: boolean;
  where: boolean;
}

/**
 * The event's date, time or place changed: the new details, the ticket still good, and a
 * fresh calendar file (attached by the dispatcher for this kind, and linked).
 */
export function eventChangedMessages(
  order: Order,
  event: SaleEvent,
  change: EventChange,
  links: { ticketUrl: string; calendarUrl: string },
): NewMessage[] {
  const whenText = event.start_at
    ? formatEventDate(event.start_at.toISOString(), event.time_zone)
    : 'Date to be announced';
  const place = [event.venue_name, event.address, event.city].filter(Boolean).join(', ');
  const whereText = place || (event.online_url ? 'Online' : 'To be announced');
  const what =
    change.when && change.where ? 'date, time and place' : change.when ? 'date or time' : 'place';
  const m = mail(
    CHANGE_KINDS.eventChanged,
    order,
    `${event.title} has a new ${what} — order ${order.code}`,
    [
      `The organiser changed the ${what} of ${event.title}.`,
      `When: ${whenText}\nWhere: ${whereText}`,
      `Your order ${order.code} is still valid: bring the same QR code. Your ticket: ${links.ticketUrl}`,
      `An updated calendar file is attached (also here: ${links.calendarUrl}); it replaces the one you had.`,
      'If you can no longer go, contact the organiser.',
    ],
  );
  const detail = [
    change.when ? shortEventTime(event.start_at, event.time_zone) : null,
    change.where ? whereText : null,
  ]
    .filter(Boolean)
    .join(', ');
  const s = sms(
    CHANGE_KINDS.eventChanged,
    order,
    'Gatepass: ',
    event.title,
    ` moved to ${truncateGsm7(toGsm7(detail), 60)}. Order ${order.code} still valid: ${links.ticketUrl}`,
  );
  return both(m, s);
}

/**
 * The old holder of a transferred order, by SMS (its mail, `transferredAwayMail`, is
 * written beside it): their code no longer works, and who has the tickets now.
 */
export function transferredAwaySms(
  from: { code: string; phone: string },
  event: SaleEvent,
  orderId: string,
  to: { firstName: string; lastName: string },
): NewSms | undefined {
  return sms(
    CHANGE_KINDS.transferredAway,
    { id: orderId, phone: from.phone },
    `Gatepass order ${from.code} (`,
    event.title,
    `) was transferred to ${to.firstName} ${to.lastName.slice(0, 1)}. Your code no longer works.`,
  );
}
