import { formatEventDate, formatKobo } from '@gatepass/shared';
import type { NewMail } from '../mail/mail.service.ts';
import type { SaleEvent } from '../events/inventory.service.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The buyer's confirmation: order code (what the door scans), event, tickets, total, link. */
export function orderConfirmationMail(
  order: OrderRow,
  items: OrderItemRow[],
  event: SaleEvent,
  publicUrl: string,
): NewMail {
  const when = event.start_at
    ? formatEventDate(event.start_at, event.time_zone)
    : 'Date to be announced';
  const where = event.online_url
    ? 'Online'
    : [event.venue_name, event.address, event.city].filter(Boolean).join(', ');
  const link = `${publicUrl}/orders/${order.code}`;
  const lines = items.map((i) => `${i.quantity} × ${i.name}`);
  const text = [
    `Hello ${order.first_name},`,
    '',
    `Your tickets for ${event.title} are confirmed.`,
    '',
    `Order code: ${order.code}`,
    `When: ${when}`,
    `Where: ${where || 'To be announced'}`,
    `Tickets: ${lines.join(', ')}`,
    `Total: ${formatKobo(order.total_kobo)}`,
    '',
    `Show the order code or its QR code at the door. Your ticket: ${link}`,
  ].join('\n');
  const html = `<p>Hello ${escape(order.first_name)},</p>
<p>Your tickets for <strong>${escape(event.title)}</strong> are confirmed.</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">Order code: ${order.code}</p>
<p>When: ${escape(when)}<br>Where: ${escape(where || 'To be announced')}<br>Tickets: ${escape(lines.join(', '))}<br>Total: ${escape(formatKobo(order.total_kobo))}</p>
<p>Show the order code or its QR code at the door. <a href="${escape(link)}">View your ticket</a></p>`;
  return {
    kind: 'order-confirmation',
    to: order.email,
    subject: `Your tickets for ${event.title} — order ${order.code}`,
    text,
    html,
  };
}
