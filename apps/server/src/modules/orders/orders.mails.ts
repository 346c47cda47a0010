import { formatEventDate, formatKobo } from '@gatepass/shared';
import type { SaleEvent } from '../events/inventory.service.ts';
import {
  aboutLink,
  type NewMail,
  type NewMessage,
  type NewWhatsApp,
} from '../mail/mail.service.ts';
import { WHATSAPP_TEMPLATES, whatsappText } from '../sms/whatsapp.provider.ts';
import type { TicketLinks } from '../tickets/ticket-links.ts';
import {
  admitsText,
  ticketLines,
  when,
  where,
  type TicketOrder,
} from '../tickets/tickets.render.ts';
import { TICKET_QR_CID } from '../tickets/tickets.service.ts';
import { isTestPaid, ticketOrderOf } from './orders.dto.ts';
import { orderConfirmationSms } from './orders.sms.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';
import { walletLinks, type WalletEnabled, type WalletLink } from '../tickets/wallet-links.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const ORDER_CONFIRMATION = 'order-confirmation';

/** What a TEST-paid order's mail and ticket say, so no one takes it for a sale. */
export const TEST_PAID_NOTE = 'TEST — not paid: paid with the TEST provider, no money was taken.';

/**
 * When and where, per event row as read: a group of orders shares one (orders.checkout.ts),
 * and formatting the dates in the event's time zone (~0.2 ms) was the largest part of a
 * confirmation's CPU during a flash sale.
 */
const textsOfEvent = new WeakMap<SaleEvent, { whenText: string; whereText: string }>();
function eventTexts(event: SaleEvent, ticket: TicketOrder) {
  let texts = textsOfEvent.get(event);
  if (!texts) {
    texts = { whenText: when(ticket), whereText: where(ticket) };
    textsOfEvent.set(event, texts);
  }
  return texts;
}

/** Where a confirmation's links point: the site, and each order's signed ticket link. */
export interface ConfirmationLinks {
  publicUrl: string;
  ticketLinks: TicketLinks;
  /** The wallets this server signs passes for (decisions 043–044); none when unset. */
  wallet?: WalletEnabled | undefined;
  /** WhatsApp is set up (decision 083): the ticket goes by WhatsApp too where SMS would. */
  whatsapp?: boolean | undefined;
}

/**
 * Everything that tells a holder their order is confirmed, written in the transaction that
 * confirms it: the mail, and an SMS when the order has a phone that can take one (issue 15
 * §3, decision 041). Every confirmation — checkout, payment, marked paid, waiting-list
 * claim, resend, transfer — goes through here.
 */
export function confirmationMessages(
  order: OrderRow,
  items: OrderItemRow[],
  event: SaleEvent,
  links: ConfirmationLinks,
  /**
   * Set when the same confirmation is sent again on purpose (the organiser's resend): it
   * joins the dedupe key, so each occasion sends once (decision 052).
   */
  occasion?: string,
): (NewMessage | NewWhatsApp)[] {
  const ticketUrl = links.ticketLinks.urlFor(order);
  const sms = orderConfirmationSms(order, event, ticketUrl, isTestPaid(order));
  const wallets = links.wallet ? walletLinks(ticketUrl, links.wallet) : [];
  const messages: (NewMessage | NewWhatsApp)[] = [
    orderConfirmationMail(order, items, event, links.publicUrl, ticketUrl, wallets),
    ...(sms ? [sms] : []),
    // One more row of the same insert, only when WhatsApp is set up: no statement added.
    ...(sms && links.whatsapp ? [orderConfirmationWhatsapp(order, event, sms.to, ticketUrl)] : []),
  ];
  return occasion === undefined
    ? messages
    : messages.map((m) => ({ ...m, about: `${m.about ?? order.id}:${occasion}` }));
}

export const ORDER_CONFIRMATION_WHATSAPP = 'order-confirmation-whatsapp';

/**
 * The ticket by WhatsApp (decision 083): template `gatepass_ticket` — {{1}} the holder's
 * first name, {{2}} the event, {{3}} when (the event's zone), {{4}} the order code, {{5}} the
 * ticket link.
 */
function orderConfirmationWhatsapp(
  order: OrderRow,
  event: SaleEvent,
  to: string,
  ticketUrl: string,
): NewWhatsApp {
  return {
    channel: 'whatsapp',
    kind: ORDER_CONFIRMATION_WHATSAPP,
    to,
    text: whatsappText({
      name: WHATSAPP_TEMPLATES.ticket,
      params: [
        order.first_name,
        event.title,
        event.start_at ? formatEventDate(event.start_at, event.time_zone) : 'Date to be announced',
        order.code,
        ticketUrl,
      ],
    }),
    context: { orderId: order.id },
    about: `${order.id}:${order.code}`,
  };
}

/**
 * The buyer's confirmation: the QR image of the order code (what the door scans), the code,
 * the event, the tickets and the total. The mail dispatcher attaches the QR image (inline,
 * `cid:`), the PDF ticket and the .ics from `context.orderId` (tickets.service.ts).
 */
export function orderConfirmationMail(
  order: OrderRow,
  items: OrderItemRow[],
  event: SaleEvent,
  publicUrl: string,
  ticketUrl: string,
  wallets: WalletLink[] = [],
): NewMail {
  const ticket = ticketOrderOf(order, items, event);
  const { whenText, whereText } = eventTexts(event, ticket);
  const link = `${publicUrl}/orders/${order.code}`;
  const eventLink = `${publicUrl}/events/${event.slug}`;
  const lines = ticketLines(ticket);
  const total = order.total_kobo === 0 ? 'Free' : formatKobo(order.total_kobo);
  const test = ticket.testPayment;
  const text = [
    ...(test ? [TEST_PAID_NOTE, ''] : []),
    `Hello ${order.first_name},`,
    '',
    `Your tickets for ${event.title} are confirmed.`,
    '',
    `Order code: ${order.code}`,
    `When: ${whenText}`,
    `Where: ${whereText}`,
    `Tickets: ${lines.join(', ')}`,
    `Admits: ${admitsText(ticket)}`,
    `Total: ${total}`,
    '',
    'Show the QR code (attached, and in your PDF ticket) or the order code at the door.',
    `Your ticket (opens offline once loaded): ${ticketUrl}`,
    `Your order: ${link}`,
    `Event page: ${eventLink}`,
    '',
    'Attached: your PDF ticket and a calendar file for the event.',
    ...walletText(wallets),
  ].join('\n');
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">
${test ? `<p style="background:#fde047;padding:8px 12px;font-weight:bold">${escape(TEST_PAID_NOTE)}</p>\n` : ''}<p>Hello ${escape(order.first_name)},</p>
<p>Your tickets for <strong>${escape(event.title)}</strong> are confirmed.</p>
<p style="text-align:center;margin:24px 0"><img src="cid:${TICKET_QR_CID}" width="240" height="240" alt="QR code of order ${order.code}" style="display:block;margin:0 auto"><br>
<span style="font-size:12px;color:#4b5563">ORDER CODE</span><br>
<span style="font-size:28px;font-weight:bold;letter-spacing:4px">${order.code}</span></p>
<table style="border-collapse:collapse;font-size:14px">
<tr><td style="padding:4px 12px 4px 0;color:#4b5563">When</td><td>${escape(whenText)}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#4b5563">Where</td><td>${escape(whereText)}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#4b5563">Tickets</td><td>${escape(lines.join(', '))}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#4b5563">Name</td><td>${escape(`${order.first_name} ${order.last_name}`)}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#4b5563">Total</td><td>${escape(total)}</td></tr>
</table>
<p>Show the QR code or the order code at the door. Your PDF ticket and a calendar file are attached.</p>
<p><a href="${escape(ticketUrl)}">Open your ticket</a> (works offline once opened) · <a href="${escape(link)}">Your order</a> · <a href="${escape(eventLink)}">Event page</a></p>
${walletHtml(wallets)}</div>`;
  return {
    kind: ORDER_CONFIRMATION,
    to: order.email,
    subject: `${test ? '[TEST — not paid] ' : ''}Your tickets for ${event.title} — order ${order.code}`,
    text,
    html,
    context: { orderId: order.id },
    // One confirmation per order and holder (a transfer gives the order a new code).
    about: `${order.id}:${order.code}`,
  };
}

// Wallet passes (decisions 043–044): a separate block at the end of the confirmation.

const walletText = (wallets: WalletLink[]) =>
  wallets.length
    ? ['', 'Keep the ticket on your phone:', ...wallets.map((w) => `${w.label}: ${w.href}`)]
    : [];

const walletHtml = (wallets: WalletLink[]) =>
  wallets.length
    ? `<p>${wallets
        .map(
          (w) =>
            `<a href="${escape(w.href)}" style="display:inline-block;margin:4px 8px 4px 0;padding:10px 16px;background:#000000;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold">${escape(w.label)}</a>`,
        )
        .join('')}</p>\n`
    : '';

/**
 * A payment that bought no ticket: the reason, then the same promise that the organiser
 * refunds it in full.
 */
function paymentWithoutTicketMail(
  order: OrderRow,
  reason: string,
  mail: Pick<NewMail, 'kind' | 'about' | 'subject'>,
): NewMail {
  const text = [
    `Hello ${order.first_name},`,
    '',
    reason,
    '',
    'You have no ticket for this order. The organiser has been told and will refund your payment in full.',
    '',
    'We are sorry for the trouble.',
  ].join('\n');
  return {
    kind: mail.kind,
    to: order.email,
    about: mail.about,
    subject: mail.subject,
    text,
    html: text
      .split('\n\n')
      .map((p) => `<p>${escape(p)}</p>`)
      .join('\n'),
  };
}

/**
 * Money arrived after the order's hold ran out and its tickets were sold to someone else
 * (or the order was cancelled meanwhile): no ticket, and the organiser refunds.
 */
export function latePaymentMail(order: OrderRow, event: SaleEvent, amountKobo: number): NewMail {
  return paymentWithoutTicketMail(
    order,
    `We received your payment of ${formatKobo(amountKobo)} for order ${order.code} (${event.title}), but it arrived after your hold on the tickets had expired and they were no longer available.`,
    {
      kind: 'order-late-payment',
      about: `${order.id}:${amountKobo}`,
      subject: `Your payment for ${event.title} will be refunded — order ${order.code}`,
    },
  );
}

/**
 * Money arrived for an order whose event was cancelled meanwhile: no ticket, the organiser
 * refunds it (decision 023). Never the confirmation.
 */
export function cancelledEventPaymentMail(
  order: OrderRow,
  event: SaleEvent,
  amountKobo: number,
): NewMail {
  return paymentWithoutTicketMail(
    order,
    `We received your payment of ${formatKobo(amountKobo)} for order ${order.code}, but ${event.title} has been cancelled by its organiser.`,
    {
      kind: 'order-payment-event-cancelled',
      about: order.id,
      subject: `${event.title} was cancelled: your payment will be refunded — order ${order.code}`,
    },
  );
}

export const HOLD_CONFIRMATION = 'order-hold-confirmation';

/**
 * An offline order's link to confirm the buyer's email: until it is opened the order
 * holds its tickets only as long as any checkout (decision 025); once opened, for the
 * event's offline hold.
 */
export function holdConfirmationMail(
  order: OrderRow,
  event: SaleEvent,
  link: string,
  holdMinutes: number,
): NewMail {
  const total = formatKobo(order.total_kobo);
  const hours = event.offline_hold_hours;
  const text = [
    `Hello ${order.first_name},`,
    '',
    `You chose to pay offline for order ${order.code} (${event.title}, ${total}).`,
    '',
    `Confirm your email within ${holdMinutes} minutes to keep your tickets for ${hours} hours while you pay:`,
    link,
    '',
    'If you do not confirm, the tickets are released and you have not been charged.',
    'If you did not order these tickets, ignore this mail.',
  ].join('\n');
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">
<p>Hello ${escape(order.first_name)},</p>
<p>You chose to pay offline for order <strong>${order.code}</strong> (${escape(event.title)}, ${escape(total)}).</p>
<p>Confirm your email within ${holdMinutes} minutes to keep your tickets for ${hours} hours while you pay:</p>
<p><a href="${escape(link)}">Confirm my email and keep my tickets</a></p>
<p>If you do not confirm, the tickets are released and you have not been charged. If you did not order these tickets, ignore this mail.</p>
</div>`;
  return {
    kind: HOLD_CONFIRMATION,
    to: order.email,
    about: `${order.id}:${aboutLink(link)}`,
    subject: `Confirm your email to keep your tickets — order ${order.code}`,
    text,
    html,
  };
}
