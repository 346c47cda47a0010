import { createHash } from 'node:crypto';
import {
  MESSAGE_LIMITS,
  MESSAGE_TEXTS,
  smsSegments,
  type AttendeeMessageDto,
  type EventMessagesDto,
  type MessageAudience,
  type MessageChannel,
  type MessagePreviewDto,
  type UnsubscribeDto,
} from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { type LimitsOf } from '../../lib/rate-limiter.ts';
import { accounts } from '../auth/auth.accounts.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { MailService, OutboxMessage } from '../mail/mail.service.ts';
import { emailKey } from '../orders/orders.limits.ts';
import { orderLookup } from '../orders/orders.lookup.ts';
import { waitlistLookup } from '../waitlist/waitlist.lookup.ts';
import * as repo from './messages.repository.ts';
import type { AttendeeMessageRow } from './messages.table.ts';
import {
  announcementMail,
  announcementWhatsapp,
  MESSAGE_KINDS,
  type UnsubscribeTokens,
} from './messages.texts.ts';
import { ReminderJob, type ReminderOptions } from './messages.reminders.ts';

/** Rate limits of messages (decision 004's form): sends per organiser, tests per user. */
export const MESSAGE_LIMIT_RULES = {
  /** Messages an organiser sends to attendees per hour (every event together). */
  sendsPerOrganiser: { points: 20, duration: 60 * 60 },
  /** Tests a user sends to themselves per 10 minutes. */
  testsPerUser: { points: 10, duration: 10 * 60 },
  /** Unsubscribe links that are not ours, per address. */
  badLinksPerIp: { points: 30, duration: 60 * 60 },
};
export type MessageLimits = LimitsOf<typeof MESSAGE_LIMIT_RULES>;

/** Rows per outbox insert: a large event's message is a few statements, not one per person. */
const CHUNK = 500;

export interface Person {
  emailKey: string;
  email: string;
  firstName: string;
  /** E.164, or null when no order of theirs has a phone that can be dialled. */
  phone: string | null;
}

export interface Draft {
  audience: MessageAudience;
  subject: string;
  body: string;
  sms: boolean;
  smsText: string;
  whatsapp: boolean;
}

export interface MessagesOptions {
  /** Whether SMS and WhatsApp are set up on this server (the screen explains what is not). */
  channels: { sms: boolean; whatsapp: boolean };
  reminders: ReminderOptions;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const emptyOutcome = () => ({ sent: 0, failed: 0, pending: 0, dropped: 0 });

/**
 * Messages to an event's attendees (issue 25 §3, decisions 082–083): a segment chosen by
 * the organiser, by mail and — where a phone is known — SMS and WhatsApp, written to the
 * outbox in one transaction with the message's row; the history counts the outbox rows'
 * states. Reminders are `ReminderJob`'s.
 */
export class MessagesService {
  readonly reminders: ReminderJob;

  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly tokens: UnsubscribeTokens,
    private readonly limits: MessageLimits,
    private readonly organiserName: (organiserId: string) => Promise<string>,
    private readonly options: MessagesOptions,
    log: FastifyBaseLogger,
  ) {
    this.reminders = new ReminderJob(
      db,
      mail,
      tokens,
      organiserName,
      options.reminders,
      log,
      (db, o, k) => repo.findUnsubscribed(db, o, k),
    );
  }

  start(): void {
    this.reminders.start();
  }

  stop(): Promise<void> {
    return this.reminders.stop();
  }

  private async eventOf(db: Db, organiserId: string, eventId: string) {
    const facts = await eventLookup.messageFacts(db, eventId);
    if (!facts || facts.owner_id !== organiserId) throw notFound(MESSAGE_TEXTS.notFound);
    return facts;
  }

  /** The segment's people, one per address; the unsubscribed counted apart. */
  async audienceOf(
    db: Db,
    organiserId: string,
    eventId: string,
    audience: MessageAudience,
  ): Promise<{ people: Person[]; unsubscribed: number }> {
    const byKey = new Map<string, Person>();
    if (audience.who === 'waiting-list') {
      for (const w of await waitlistLookup.waitingOf(db, eventId, audience.ticketTypeIds)) {
        if (!byKey.has(w.email_key))
          byKey.set(w.email_key, {
            emailKey: w.email_key,
            email: w.email,
            firstName: firstNameOf(w.name),
            phone: null,
          });
      }
    } else {
      const checkedIn =
        audience.who === 'checked-in'
          ? true
          : audience.who === 'not-checked-in'
            ? false
            : undefined;
      const orders = await orderLookup.contactsOf(db, eventId, {
        ticketTypeIds: audience.ticketTypeIds,
        ...(checkedIn === undefined ? {} : { checkedIn }),
      });
      for (const o of orders) {
        const key = emailKey(o.email);
        const phone = normalizePhone(o.phone);
        const known = byKey.get(key);
        if (known) known.phone ??= phone;
        else byKey.set(key, { emailKey: key, email: o.email, firstName: o.first_name, phone });
      }
    }
    const unsubscribed = await repo.findUnsubscribed(db, organiserId, [...byKey.keys()]);
    const people = [...byKey.values()].filter((p) => !unsubscribed.has(p.emailKey));
    return { people, unsubscribed: unsubscribed.size };
  }

  /** The channels a draft asks for that this server can carry. */
  private channelsOf(draft: Draft): MessageChannel[] {
    return [
      'mail',
      ...(draft.sms ? (['sms'] as const) : []),
      ...(draft.whatsapp && this.options.channels.whatsapp ? (['whatsapp'] as const) : []),
    ];
  }

  async overview(organiserId: string, eventId: string): Promise<EventMessagesDto> {
    await this.eventOf(this.db, organiserId, eventId);
    const [rows, enabled, sent, ticketTypes] = await Promise.all([
      repo.listMessages(this.db, eventId, MESSAGE_LIMITS.historyMax),
      repo.remindersEnabled(this.db, eventId),
      repo.countReminders(this.db, eventId),
      eventLookup.ticketTypeNames(this.db, eventId),
    ]);
    return {
      messages: await this.toDtos(rows),
      reminders: { enabled, sent },
      channels: this.options.channels,
      ticketTypes,
    };
  }

  async preview(organiserId: string, eventId: string, draft: Draft): Promise<MessagePreviewDto> {
    const event = await this.eventOf(this.db, organiserId, eventId);
    const { people, unsubscribed } = await this.audienceOf(
      this.db,
      organiserId,
      eventId,
      draft.audience,
    );
    const withPhone = people.filter((p) => p.phone).length;
    const sms = smsSegments(draft.smsText);
    const first = people[0];
    const organiser = await this.organiserName(organiserId);
    const mail = announcementMail({
      to: first?.email ?? '',
      subject: draft.subject,
      body: draft.body,
      organiser,
      eventTitle: event.title,
      // Each person's mail carries their own signed link.
      unsubscribe: { page: `${this.tokens.pageUrl('')}(their own link)`, oneClick: '' },
      context: {},
    });
    return {
      recipients: {
        mail: people.length,
        sms: draft.sms ? withPhone : 0,
        whatsapp: draft.whatsapp && this.options.channels.whatsapp ? withPhone : 0,
        unsubscribed,
      },
      subject: draft.subject,
      text: mail.text,
      smsText: draft.smsText,
      sms,
      smsSegmentsTotal: draft.sms ? withPhone * sms.segments : 0,
    };
  }

  /**
   * The draft to the organiser themselves (their account's address, and their phone when it
   * can be dialled and SMS is asked): once a minute for the same draft, however many presses.
   */
  async test(
    organiserId: string,
    userId: string,
    eventId: string,
    draft: Draft,
  ): Promise<{ to: string; sms: boolean }> {
    const event = await this.eventOf(this.db, organiserId, eventId);
    const me = await accounts.find(this.db, userId);
    if (!me) throw notFound();
    const organiser = await this.organiserName(organiserId);
    const digest = createHash('sha256')
      .update(JSON.stringify([draft.subject, draft.body, draft.smsText]))
      .digest('base64url')
      .slice(0, 16);
    const minute = Math.floor(Date.now() / 60_000);
    const about = `${eventId}:${userId}:${digest}:${minute}`;
    const phone = draft.sms ? normalizePhone(me.phone) : null;
    const written = await this.db.transaction().execute(async (trx) => {
      const id = await this.mail.enqueue(
        trx,
        announcementMail({
          kind: MESSAGE_KINDS.test,
          to: me.email,
          subject: `[Test] ${draft.subject}`,
          body: draft.body,
          organiser,
          eventTitle: event.title,
          context: { eventId },
          about,
        }),
      );
      if (id === null) return false;
      await this.limits.testsPerUser.consume(userId);
      if (phone) {
        await this.mail.enqueue(trx, {
          channel: 'sms',
          kind: MESSAGE_KINDS.testSms,
          to: phone,
          text: draft.smsText,
          about,
        });
      }
      return true;
    });
    if (written) this.mail.kick();
    return { to: maskEmail(me.email), sms: Boolean(phone) };
  }

  /**
   * Sends the message: its row (unique per event and request key: twenty presses, one
   * message) and every recipient's outbox rows in one transaction; the sends-per-hour limit
   * is taken only by a new message, inside it (a refusal writes nothing).
   */
  async send(
    organiserId: string,
    userId: string,
    eventId: string,
    draft: Draft & { requestKey: string },
  ): Promise<{ message: AttendeeMessageDto; fresh: boolean }> {
    const channels = this.channelsOf(draft);
    // Read before the transaction: settings ask through their own connection (one with PGlite).
    const organiser = await this.organiserName(organiserId);
    const { row, fresh } = await this.db.transaction().execute(async (trx) => {
      const event = await this.eventOf(trx, organiserId, eventId);
      const inserted = await repo.insertMessage(trx, {
        eventId,
        organiserId,
        sentBy: userId,
        requestKey: draft.requestKey,
        audience: draft.audience,
        subject: draft.subject,
        body: draft.body,
        smsText: draft.sms ? draft.smsText : null,
        channels,
      });
      if (!inserted) {
        const existing = await repo.findByRequestKey(trx, eventId, draft.requestKey);
        if (!existing) throw notFound(MESSAGE_TEXTS.notFound);
        return { row: existing, fresh: false };
      }
      const { people } = await this.audienceOf(trx, organiserId, eventId, draft.audience);
      if (people.length === 0) throw new AppError(409, 'CONFLICT', MESSAGE_TEXTS.noRecipients);
      await this.limits.sendsPerOrganiser.consume(organiserId);
      const messages: OutboxMessage[] = [];
      const phones = new Set<string>();
      for (const p of people) {
        const context = { messageId: inserted.id, eventId };
        const token = this.tokens.tokenFor(organiserId, p.emailKey);
        messages.push(
          announcementMail({
            to: p.email,
            subject: draft.subject,
            body: draft.body,
            organiser,
            eventTitle: event.title,
            unsubscribe: {
              page: this.tokens.pageUrl(token),
              oneClick: this.tokens.oneClickUrl(token),
            },
            context,
            about: `${inserted.id}:${p.emailKey}`,
          }),
        );
        if (!p.phone || phones.has(p.phone)) continue;
        phones.add(p.phone);
        if (channels.includes('sms'))
          messages.push({
            channel: 'sms',
            kind: MESSAGE_KINDS.announcementSms,
            to: p.phone,
            text: draft.smsText,
            context,
            about: `${inserted.id}:${p.phone}`,
            eventId,
            organiserId,
          });
        if (channels.includes('whatsapp'))
          messages.push(
            announcementWhatsapp({
              to: p.phone,
              eventTitle: event.title,
              text: draft.smsText || draft.body.slice(0, 1000),
              context,
              about: `${inserted.id}:${p.phone}`,
            }),
          );
      }
      for (let i = 0; i < messages.length; i += CHUNK)
        await this.mail.enqueueMany(trx, messages.slice(i, i + CHUNK));
      await repo.setRecipients(trx, inserted.id, people.length);
      return { row: { ...inserted, recipients: people.length }, fresh: true };
    });
    if (fresh) this.mail.kick();
    const [message] = await this.toDtos([row]);
    return { message: message!, fresh };
  }

  async setReminders(organiserId: string, eventId: string, enabled: boolean): Promise<void> {
    await this.eventOf(this.db, organiserId, eventId);
    await repo.setReminders(this.db, eventId, enabled);
  }

  /** One click from a mail: the address hears no more announcements or reminders from the organiser. */
  async unsubscribe(ip: string, token: string): Promise<UnsubscribeDto> {
    const who = this.tokens.read(token);
    if (!who) {
      await this.limits.badLinksPerIp.consume(ip);
      throw new AppError(400, 'VALIDATION_FAILED', MESSAGE_TEXTS.badLink);
    }
    await this.limits.badLinksPerIp.check(ip);
    await repo.unsubscribe(this.db, who.organiserId, who.emailKey);
    return { organiser: await this.organiserName(who.organiserId), email: maskEmail(who.emailKey) };
  }

  private async toDtos(rows: AttendeeMessageRow[]): Promise<AttendeeMessageDto[]> {
    const counts = await this.mail.outcomesOf(rows.map((r) => r.id));
    const names = new Map<string, string>();
    for (const r of rows) {
      if (!names.has(r.sent_by))
        names.set(r.sent_by, (await accounts.contact(this.db, r.sent_by))?.fullName ?? '');
    }
    return rows.map((r) => {
      const outcome = { mail: emptyOutcome(), sms: emptyOutcome(), whatsapp: emptyOutcome() };
      for (const c of counts) {
        if (c.message_id !== r.id) continue;
        if (c.channel !== 'mail' && c.channel !== 'sms' && c.channel !== 'whatsapp') continue;
        const o = outcome[c.channel];
        if (c.status === 'sent' || c.status === 'logged') o.sent += c.n;
        else if (c.status === 'failed') o.failed += c.n;
        else if (c.status === 'dropped') o.dropped += c.n;
        else o.pending += c.n;
      }
      return {
        id: r.id,
        subject: r.subject,
        audience: r.audience,
        channels: r.channels as MessageChannel[],
        recipients: r.recipients,
        sentBy: names.get(r.sent_by) ?? '',
        createdAt: r.created_at.toISOString(),
        outcome,
      };
    });
  }
}
