import { aboutLink, type NewMail } from '../mail/mail.service.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const html = (paragraphs: string[], link?: { href: string; label: string }, leaveLink?: string) =>
  `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}${
    link
      ? `\n<p><a href="${escape(link.href)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escape(link.label)}</a></p>`
      : ''
  }${
    leaveLink
      ? `\n<p style="font-size:13px;color:#4b5563">Changed your mind? <a href="${escape(leaveLink)}" style="color:#4b5563">${LEAVE_LABEL}</a></p>`
      : ''
  }
</div>`;

/** The link every mail to someone in line carries (decision 047). */
const LEAVE_LABEL = 'Leave the waiting list';
const leaveText = (leaveLink: string) => `${LEAVE_LABEL}: ${leaveLink}`;

const tickets = (n: number, type: string) => `${n} "${type}" ticket${n === 1 ? '' : 's'}`;

/** A waiting-list mail: its paragraphs, one button (also a line of the text) and the leave link. */
function waitlistMail(input: {
  kind: string;
  to: string;
  subject: string;
  paragraphs: string[];
  link: { href: string; label: string };
  leaveLink?: string;
  about?: string;
}): NewMail {
  const { paragraphs, link, leaveLink } = input;
  return {
    kind: input.kind,
    to: input.to,
    about: input.about,
    subject: input.subject,
    text: [
      ...paragraphs,
      '',
      `${link.label}: ${link.href}`,
      ...(leaveLink ? [leaveText(leaveLink)] : []),
    ].join('\n\n'),
    html: html(paragraphs, link, leaveLink),
  };
}

/** Whom a waiting-list mail greets, and the tickets they wait for. */
export interface InLine {
  to: string;
  name: string;
  eventTitle: string;
  typeName: string;
  quantity: number;
}

/** "You are number 4 in line." — the same words on the screen and in the mail. */
export const placeSentence = (place: number): string =>
  place === 1 ? 'You are first in line.' : `You are number ${place} in line.`;

export function joinedMail(
  input: InLine & { place: number; eventUrl: string; leaveLink: string },
): NewMail {
  const paragraphs = [
    `Hello ${input.name},`,
    `You are on the waiting list for ${tickets(input.quantity, input.typeName)} for ${input.eventTitle}.`,
    placeSentence(input.place),
    'If tickets come back, we will email you an offer with a link to pay for them. An offer holds the tickets for a limited time only, so keep an eye on your inbox.',
  ];
  return waitlistMail({
    kind: 'waitlist-joined',
    to: input.to,
    // One per place in line: its leave link is its own.
    about: aboutLink(input.leaveLink),
    subject: `You are on the waiting list for ${input.eventTitle}`,
    paragraphs,
    link: { href: input.eventUrl, label: 'Event page' },
    leaveLink: input.leaveLink,
  });
}

export function offerMail(
  input: InLine & { until: string; link: string; leaveLink: string },
): NewMail {
  const paragraphs = [
    `Hello ${input.name},`,
    `Good news: ${tickets(input.quantity, input.typeName)} for ${input.eventTitle} came back, and they are held for you until ${input.until}.`,
    'Open the link to pay for them. If you do not by then, they go to the next person on the waiting list.',
  ];
  return waitlistMail({
    kind: 'waitlist-offer',
    to: input.to,
    about: aboutLink(input.link),
    subject: `Tickets for ${input.eventTitle} are held for you`,
    paragraphs,
    link: { href: input.link, label: 'Claim your tickets' },
    leaveLink: input.leaveLink,
  });
}

/**
 * An offer that ended unpaid (decision 047): the tickets went on, and the person is no longer
 * in line — they may join again, at the back, while the type is sold out.
 */
export function lapsedMail(input: InLine & { eventUrl: string }): NewMail {
  const paragraphs = [
    `Hello ${input.name},`,
    `The offer of ${tickets(input.quantity, input.typeName)} for ${input.eventTitle} has ended without being paid for, so the tickets went to the next person on the waiting list.`,
    'You are no longer on the waiting list. If the tickets are still sold out, you can join it again from the event page; you will be at the end of the line.',
  ];
  return waitlistMail({
    kind: 'waitlist-lapsed',
    to: input.to,
    subject: `Your offer for ${input.eventTitle} has ended`,
    paragraphs,
    link: { href: input.eventUrl, label: 'Event page' },
  });
}
