import { formatKobo } from '@gatepass/shared';
import type { NewMail } from '../mail/mail.service.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface NotifiedOrder {
  code: string;
  firstName: string;
  lastName: string;
  email: string;
  totalKobo: number;
  lines: string[];
  eventTitle: string;
}

/** The organiser's "new order" mail, when order notifications are on. */
export function orderNotificationMail(
  to: string,
  organiserName: string,
  order: NotifiedOrder,
  ordersLink: string,
): NewMail {
  const buyer = `${order.firstName} ${order.lastName}`;
  const text = [
    `Hello ${organiserName},`,
    '',
    `${buyer} (${order.email}) just completed order ${order.code} for ${order.eventTitle}.`,
    '',
    `Tickets: ${order.lines.join(', ')}`,
    `Total: ${formatKobo(order.totalKobo)}`,
    '',
    `See your orders: ${ordersLink}`,
    '',
    'You get this mail because order notifications are on in your settings.',
  ].join('\n');
  const html = `<p>Hello ${escape(organiserName)},</p>
<p><strong>${escape(buyer)}</strong> (${escape(order.email)}) just completed order <strong>${order.code}</strong> for <strong>${escape(order.eventTitle)}</strong>.</p>
<p>Tickets: ${escape(order.lines.join(', '))}<br>Total: ${escape(formatKobo(order.totalKobo))}</p>
<p><a href="${escape(ordersLink)}">See your orders</a></p>
<p style="color:#6b7280">You get this mail because order notifications are on in your settings.</p>`;
  return {
    kind: 'order-notification',
    to,
    subject: `New order ${order.code} — ${order.eventTitle}`,
    text,
    html,
  };
}

/** Tells the account holder their password changed, in case it was not them. */
export function passwordChangedMail(to: string, fullName: string): NewMail {
  const text = [
    `Hello ${fullName},`,
    '',
    'The password of your Gatepass account was just changed, and every other device was signed out.',
    '',
    'If this was not you, reset your password now with "Forgot password" on the login page.',
  ].join('\n');
  const html = `<p>Hello ${escape(fullName)},</p><p>The password of your Gatepass account was just changed, and every other device was signed out.</p><p>If this was not you, reset your password now with "Forgot password" on the login page.</p>`;
  return {
    kind: 'password-changed',
    to,
    subject: 'Your Gatepass password was changed',
    text,
    html,
  };
}
