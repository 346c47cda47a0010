import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  formatEventDate,
  formatShortDateTime,
  type ReminderKind,
} from '@gatepass/shared';
import { escapeHtml } from '../../lib/html.ts';
import type { NewMail, NewSms, NewWhatsApp } from '../mail/mail.service.ts';
import { toGsm7, truncateGsm7 } from '../sms/sms.text.ts';
import { WHATSAPP_TEMPLATES, whatsappText } from '../sms/whatsapp.provider.ts';

/** Message kinds in the outbox (stable: caps, dedupe and the history read them). */
export const MESSAGE_KINDS = {
  announcement: 'attendee-message',
  announcementSms: 'attendee-message-sms',
  announcementWhatsapp: 'attendee-message-whatsapp',
  test: 'attendee-message-test',
  testSms: 'attendee-message-test-sms',
  reminder: 'event-reminder',
  reminderSms: 'event-reminder-sms',
  reminderWhatsapp: 'event-reminder-whatsapp',
} as const;

/** The unsubscribe links' signing key's name in `app_secrets`. */
export const UNSUBSCRIBE_KEY = 'message_unsubscribe_key';

/**
 * The unsubscribe link's token: the organiser and the address (its email key), signed, so
 * one click unsubscribes without a login and nobody can unsubscribe another address
 * (decision 082). It does not expire: a mail read a year later still stops the messages.
 */
export class UnsubscribeTokens {
  constructor(
    private readonly key: string,
    private readonly publicUrl: string,
  ) {}

  tokenFor(organiserId: string, emailKey: string): string {
    const who = Buffer.from(emailKey).toString('base64url');
    return `${organiserId}.${who}.${this.mac(organiserId, emailKey)}`;
  }

  /** The organiser and address a token names, or undefined when it is not ours. */
  read(token: string): { organiserId: string; emailKey: string } | undefined {
    const [organiserId, who, mac] = token.split('.');
    if (!organiserId || !who || !mac) return undefined;
    const emailKey = Buffer.from(who, 'base64url').toString();
    const expected = Buffer.from(this.mac(organiserId, emailKey));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { organiserId, emailKey };
  }

  /** The page a reader opens from the mail's footer. */
  pageUrl(token: string): string {
    return `${this.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  /** The List-Unsubscribe header's one-click address (RFC 8058: a POST). */
  oneClickUrl(token: string): string {
    return `${this.publicUrl}/api/v1/messages/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  private mac(organiserId: string, emailKey: string): string {
    return createHmac('sha256', this.key)
      .update(`unsubscribe:${organiserId}:${emailKey}`)
      .digest('base64url')
      .slice(0, 22);
  }
}

/** What every message to attendees says of its event. */
export interface EventFacts {
  title: string;
  start_at: Date | null;
  time_zone: string;
  venue_name: string | null;
  address: string | null;
  city: string | null;
  online_url: string | null;
}

/** "Eko Hotel, Victoria Island, Lagos", or the online link, or "". */
export function placeOf(event: EventFacts): string {
  const place = [event.venue_name, event.address, event.city].filter(Boolean).join(', ');
  return place || event.online_url || '';
}

/** The start, always in Lagos time (the shared date module), as the issue asks. */
export const whenInLagos = (event: EventFacts): string =>
  event.start_at ? `${formatEventDate(event.start_at, DEFAULT_TIME_ZONE)} (Lagos time)` : '';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

function footer(organiser: string, eventTitle: string, unsubscribe: string | undefined) {
  const why = `You get this because of your ticket or place in line for ${eventTitle}, from ${organiser}.`;
  return {
    text: `\n\n--\n${why}${unsubscribe ? `\nNo more announcements or reminders from ${organiser}: ${unsubscribe}` : ''}`,
    html: `<hr><p style="color:#666;font-size:12px">${escapeHtml(why)}${
      unsubscribe
        ? ` <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> from ${escapeHtml(organiser)}'s announcements and reminders.`
        : ''
    }</p>`,
  };
}

export interface Unsubscribe {
  page: string;
  oneClick: string;
}

/** The organiser's message as one recipient's mail. */
export function announcementMail(input: {
  kind?: string;
  to: string;
  subject: string;
  body: string;
  organiser: string;
  eventTitle: string;
  unsubscribe?: Unsubscribe;
  context: Record<string, string>;
  about?: string;
}): NewMail {
  const foot = footer(input.organiser, input.eventTitle, input.unsubscribe?.page);
  return {
    kind: input.kind ?? MESSAGE_KINDS.announcement,
    to: input.to,
    subject: input.subject,
    text: `${input.body}${foot.text}`,
    html: `<div style="font-family:sans-serif">${paragraphs(input.body)}${foot.html}</div>`,
    context: {
      ...input.context,
      ...(input.unsubscribe ? { listUnsubscribe: input.unsubscribe.oneClick } : {}),
    },
    ...(input.about ? { about: input.about } : {}),
  };
}

/** The text of a reminder, by mail. */
export function reminderMail(input: {
  kind: ReminderKind;
  to: string;
  firstName: string;
  event: EventFacts;
  organiser: string;
  ticketLink: string;
  unsubscribe: Unsubscribe;
  context: Record<string, string>;
  about: string;
}): NewMail {
  const { event } = input;
  const soon = input.kind === 'day-before' ? 'tomorrow' : 'in two hours';
  const subject = `Reminder: ${event.title} is ${soon}`;
  const place = placeOf(event);
  const body = [
    `Hello ${input.firstName},`,
    `${event.title} starts ${soon}: ${whenInLagos(event)}.`,
    place ? `Where: ${place}` : '',
    `Your ticket: ${input.ticketLink}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return announcementMail({
    kind: MESSAGE_KINDS.reminder,
    to: input.to,
    subject,
    body,
    organiser: input.organiser,
    eventTitle: event.title,
    unsubscribe: input.unsubscribe,
    context: input.context,
    about: input.about,
  });
}

/** The reminder by SMS: GSM-7, the title cut to keep the time and the link whole. */
export function reminderSmsText(kind: ReminderKind, event: EventFacts, ticketLink: string): string {
  const soon = kind === 'day-before' ? 'tomorrow' : 'in 2 hours';
  const when = event.start_at ? formatShortDateTime(event.start_at, DEFAULT_TIME_ZONE) : '';
  const tail = toGsm7(` is ${soon}, ${when} Lagos. Ticket: ${ticketLink}`);
  const room = Math.max(10, 160 - tail.length - 10);
  return `Reminder: ${truncateGsm7(toGsm7(event.title), room)}${tail}`;
}

export function reminderSms(input: {
  to: string;
  kind: ReminderKind;
  event: EventFacts;
  ticketLink: string;
  eventId: string;
  organiserId: string;
  context: Record<string, string>;
  about: string;
}): NewSms {
  return {
    channel: 'sms',
    kind: MESSAGE_KINDS.reminderSms,
    to: input.to,
    text: reminderSmsText(input.kind, input.event, input.ticketLink),
    context: input.context,
    about: input.about,
    eventId: input.eventId,
    organiserId: input.organiserId,
  };
}

/** The reminder by WhatsApp: template `gatepass_reminder` — {{1}} event, {{2}} when, {{3}} where, {{4}} ticket. */
export function reminderWhatsapp(input: {
  to: string;
  event: EventFacts;
  ticketLink: string;
  context: Record<string, string>;
  about: string;
}): NewWhatsApp {
  return {
    channel: 'whatsapp',
    kind: MESSAGE_KINDS.reminderWhatsapp,
    to: input.to,
    text: whatsappText({
      name: WHATSAPP_TEMPLATES.reminder,
      params: [
        input.event.title,
        whenInLagos(input.event),
        placeOf(input.event) || '-',
        input.ticketLink,
      ],
    }),
    context: input.context,
    about: input.about,
  };
}

/** An announcement by WhatsApp: template `gatepass_announcement` — {{1}} event, {{2}} the text. */
export function announcementWhatsapp(input: {
  to: string;
  eventTitle: string;
  text: string;
  context: Record<string, string>;
  about: string;
}): NewWhatsApp {
  return {
    channel: 'whatsapp',
    kind: MESSAGE_KINDS.announcementWhatsapp,
    to: input.to,
    text: whatsappText({
      name: WHATSAPP_TEMPLATES.announcement,
      params: [input.eventTitle, input.text],
    }),
    context: input.context,
    about: input.about,
  };
}
