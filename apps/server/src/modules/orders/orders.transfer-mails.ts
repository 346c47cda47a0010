import type { SaleEvent } from '../events/inventory.service.ts';
import type { NewMail, NewMessage, NewWhatsApp } from '../mail/mail.service.ts';
import { confirmationMessages, type ConfirmationLinks } from './orders.mails.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface Holder {
  code: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The new holder's tickets: the confirmation (its mail — QR, PDF and calendar file attached
 * from the order as it now is — opened by who gave them the tickets; and its SMS when the
 * new holder's phone was given).
 */
export function transferredToMessages(
  order: OrderRow,
  items: OrderItemRow[],
  event: SaleEvent,
  from: Holder,
  links: ConfirmationLinks,
): (NewMessage | NewWhatsApp)[] {
  return confirmationMessages(order, items, event, links).map((message) =>
    message.channel === 'sms' || message.channel === 'whatsapp'
      ? message
      : transferredToMail(message, event, order, from),
  );
}

function transferredToMail(
  mail: NewMail,
  event: SaleEvent,
  order: OrderRow,
  from: Holder,
): NewMail {
  const note = `${from.firstName} ${from.lastName} transferred these tickets to you. This is your own order code; the old one no longer works.`;
  return {
    ...mail,
    subject: `Tickets for ${event.title} transferred to you — order ${order.code}`,
    text: `${note}\n\n${mail.text}`,
    html: mail.html
      ? mail.html.replace(
          '<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">',
          `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">\n<p style="background:#eef2ff;padding:8px 12px">${escape(note)}</p>`,
        )
      : mail.html,
  };
}

/** The old holder is told their code no longer works, and who has the tickets now. */
export function transferredAwayMail(
  event: SaleEvent,
  from: Holder,
  to: { firstName: string; lastName: string },
  byOrganiser: boolean,
  orderId?: string,
): NewMail {
  const lines = [
    `Hello ${from.firstName},`,
    '',
    `${byOrganiser ? 'The organiser transferred' : 'You transferred'} your tickets for ${event.title} (order ${from.code}) to ${to.firstName} ${to.lastName}.`,
    `Order code ${from.code} no longer works at the door. ${to.firstName} has been sent a new ticket with a new code.`,
    '',
    "If you did not ask for this, reply to the organiser's mail or contact them at once.",
  ];
  return {
    kind: 'order-transferred',
    to: from.email,
    // One per change of holder: the old code names it.
    about: `${event.id}:${from.code}`,
    subject: `Your tickets for ${event.title} were transferred`,
    text: lines.join('\n'),
    html: `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">${lines
      .filter(Boolean)
      .map((l) => `<p>${escape(l)}</p>`)
      .join('\n')}</div>`,
    // The order the tickets left (issue 24: every message names its order).
    ...(orderId ? { context: { orderId } } : {}),
  };
}
