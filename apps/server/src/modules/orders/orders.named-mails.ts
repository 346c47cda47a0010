import { formatKobo } from '@gatepass/shared';
import type { SaleEvent } from '../events/inventory.service.ts';
import type { NewMail, NewMessage, NewWhatsApp } from '../mail/mail.service.ts';
import { confirmationMessages, type ConfirmationLinks } from './orders.mails.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A named ticket's holder gets their own ticket (decision 080): the confirmation of the
 * ticket's own order — its code, QR, PDF and calendar file — opened by who sent it, and its
 * SMS when their phone was given. The price line reads as the ticket's value, paid by the
 * buyer, never "Free".
 */
export function namedTicketMessages(
  ticket: OrderRow,
  items: OrderItemRow[],
  event: SaleEvent,
  buyer: { firstName: string; lastName: string },
  links: ConfirmationLinks,
): (NewMessage | NewWhatsApp)[] {
  return confirmationMessages(ticket, items, event, links).map((message) =>
    message.channel === 'sms' || message.channel === 'whatsapp'
      ? message
      : namedTicketMail(message, event, ticket, items, buyer),
  );
}

function namedTicketMail(
  mail: NewMail,
  event: SaleEvent,
  ticket: OrderRow,
  items: OrderItemRow[],
  buyer: { firstName: string; lastName: string },
): NewMail {
  const value = items.reduce((sum, i) => sum + i.unit_price_kobo * i.quantity, 0);
  const paid = `Paid by ${buyer.firstName} ${buyer.lastName}${value > 0 ? ` (${formatKobo(value)})` : ''}`;
  const note = `${buyer.firstName} ${buyer.lastName} sent you this ticket, in your name. This is your own order code: show it, or its QR code, at the door.`;
  return {
    ...mail,
    subject: `Your ticket for ${event.title} — order ${ticket.code}`,
    text: `${note}\n\n${mail.text.replace(/^Total: .*$/m, paid)}`,
    html: mail.html
      ? mail.html
          .replace(
            '<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">',
            `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">\n<p style="background:#eef2ff;padding:8px 12px">${escape(note)}</p>`,
          )
          .replace(
            '<td style="padding:4px 12px 4px 0;color:#4b5563">Total</td><td>Free</td>',
            `<td style="padding:4px 12px 4px 0;color:#4b5563">Paid</td><td>${escape(paid)}</td>`,
          )
      : mail.html,
    // One mail per ticket sent: a repeated send of the same ticket is refused before this.
    about: `${ticket.id}:named`,
  };
}
