import type { NewMail } from '../mail/mail.service.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const html = (paragraphs: string[], link?: { href: string; label: string }) =>
  `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}${
    link
      ? `\n<p><a href="${escape(link.href)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escape(link.label)}</a></p>`
      : ''
  }
</div>`;

const tickets = (n: number, type: string) => `${n} "${type}" ticket${n === 1 ? '' : 's'}`;

export function joinedMail(input: {
  to: string;
  name: string;
  eventTitle: string;
  typeName: string;
  quantity: number;
  eventUrl: string;
}): NewMail {
  const paragraphs = [
    `Hello ${input.name},`,
    `You are on the waiting list for ${tickets(input.quantity, input.typeName)} for ${input.eventTitle}.`,
    'If tickets come back, we will email you an offer with a link to pay for them. An offer holds the tickets for a limited time only, so keep an eye on your inbox.',
  ];
  return {
    kind: 'waitlist-joined',
    to: input.to,
    subject: `You are on the waiting list for ${input.eventTitle}`,
    text: [...paragraphs, '', `Event page: ${input.eventUrl}`].join('\n\n'),
    html: html(paragraphs, { href: input.eventUrl, label: 'Event page' }),
  };
}

export function offerMail(input: {
  to: string;
  name: string;
  eventTitle: string;
  typeName: string;
  quantity: number;
  until: string;
  link: string;
}): NewMail {
  const paragraphs = [
    `Hello ${input.name},`,
    `Good news: ${tickets(input.quantity, input.typeName)} for ${input.eventTitle} came back, and they are held for you until ${input.until}.`,
    'Open the link to pay for them. If you do not by then, they go to the next person on the waiting list.',
  ];
  return {
    kind: 'waitlist-offer',
    to: input.to,
    subject: `Tickets for ${input.eventTitle} are held for you`,
    text: [...paragraphs, '', `Claim your tickets: ${input.link}`].join('\n\n'),
    html: html(paragraphs, { href: input.link, label: 'Claim your tickets' }),
  };
}
