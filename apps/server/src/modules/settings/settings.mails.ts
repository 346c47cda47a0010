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
    about: `${order.code}:${to}`,
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

/** To the new address: the single-use link that makes it the account's email. */
export function emailChangeConfirmMail(to: string, fullName: string, link: string): NewMail {
  const text = [
    `Hello ${fullName},`,
    '',
    'To make this address the email of your Gatepass account, open this link while signed in:',
    link,
    '',
    'The link works once, within 24 hours. If you did not ask for this, ignore this mail: nothing changes.',
  ].join('\n');
  const html = `<p>Hello ${escape(fullName)},</p><p>To make this address the email of your Gatepass account, open this link while signed in:</p><p><a href="${escape(link)}">Confirm my new email</a></p><p style="color:#6b7280">The link works once, within 24 hours. If you did not ask for this, ignore this mail: nothing changes.</p>`;
  return {
    kind: 'email-change-confirm',
    to,
    subject: 'Confirm your new Gatepass email',
    text,
    html,
  };
}

/** To the old address when a change is asked for. No link: nothing here can be used to act. */
export function emailChangeRequestedMail(to: string, fullName: string, newEmail: string): NewMail {
  const text = [
    `Hello ${fullName},`,
    '',
    `Someone signed in to your Gatepass account asked to change its email to ${newEmail}.`,
    'Your email stays as it is unless the link we sent to that address is opened.',
    '',
    'If this was not you, reset your password now with "Forgot password" on the login page: that signs out every device.',
  ].join('\n');
  const html = `<p>Hello ${escape(fullName)},</p><p>Someone signed in to your Gatepass account asked to change its email to <strong>${escape(newEmail)}</strong>.<br>Your email stays as it is unless the link we sent to that address is opened.</p><p>If this was not you, reset your password now with "Forgot password" on the login page: that signs out every device.</p>`;
  return {
    kind: 'email-change-requested',
    to,
    subject: 'A change of your Gatepass email was requested',
    text,
    html,
  };
}

/** To the old address once the new one is confirmed. */
export function emailChangedMail(to: string, fullName: string, newEmail: string): NewMail {
  const text = [
    `Hello ${fullName},`,
    '',
    `The email of your Gatepass account is now ${newEmail}. Mail will no longer come to this address.`,
    '',
    'If this was not you, contact Gatepass support.',
  ].join('\n');
  const html = `<p>Hello ${escape(fullName)},</p><p>The email of your Gatepass account is now <strong>${escape(newEmail)}</strong>. Mail will no longer come to this address.</p><p>If this was not you, contact Gatepass support.</p>`;
  return { kind: 'email-changed', to, subject: 'Your Gatepass email was changed', text, html };
}
