import type { ReminderKind } from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { MailService, OutboxMessage } from '../mail/mail.service.ts';
import { emailKey } from '../orders/orders.limits.ts';
import { orderLookup } from '../orders/orders.lookup.ts';
import type { TicketLinks } from '../tickets/ticket-links.ts';
import * as repo from './messages.repository.ts';
import {
  reminderMail,
  reminderSms,
  reminderWhatsapp,
  type UnsubscribeTokens,
} from './messages.texts.ts';

const HOUR = 60 * 60;
/** The day-before reminder goes from 24 h before the start; the other from 2 h before. */
export const REMINDER_WINDOWS: Record<ReminderKind, number> = {
  'day-before': 24 * HOUR,
  'two-hours': 2 * HOUR,
};

export interface ReminderOptions {
  intervalMs: number;
  ticketLinks: TicketLinks;
  /** Also by WhatsApp (the server has it set up). */
  whatsapp: boolean;
  now?: () => Date;
}

/** Which reminder is due for an event starting at `start`, at `now`: the latest window entered. */
export function reminderDue(start: Date, now: Date): ReminderKind | undefined {
  const left = (start.getTime() - now.getTime()) / 1000;
  if (left <= 0) return undefined;
  if (left <= REMINDER_WINDOWS['two-hours']) return 'two-hours';
  if (left <= REMINDER_WINDOWS['day-before']) return 'day-before';
  return undefined;
}

/**
 * Automatic reminders (decision 082): each sweep finds the events with reminders on that
 * start within a day, and for the reminder now due claims one `message_reminders` row per
 * completed order (`on conflict do nothing`) and writes the claimed orders' mail, SMS and
 * WhatsApp in the same transaction — so two app processes sweeping at once send each
 * reminder once. An event made or switched on inside two hours gets only the two-hour one.
 */
export class ReminderJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly tokens: UnsubscribeTokens,
    private readonly organiserName: (organiserId: string) => Promise<string>,
    private readonly options: ReminderOptions,
    private readonly log: FastifyBaseLogger,
    private readonly unsubscribed: (
      db: Db,
      organiserId: string,
      keys: string[],
    ) => Promise<Set<string>>,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): Promise<void> {
    this.running ??= this.sweep()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err }, 'reminders sweep failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** One sweep; answers how many reminders it wrote (tests call it directly). */
  async sweep(): Promise<number> {
    const now = this.options.now?.() ?? new Date();
    const events = await repo.findEventsToRemind(this.db, REMINDER_WINDOWS['day-before']);
    let written = 0;
    for (const e of events) {
      const kind = reminderDue(new Date(e.start_at), now);
      if (kind) written += await this.remind(e.event_id, kind);
    }
    if (written > 0) this.mail.kick();
    return written;
  }

  private async remind(eventId: string, kind: ReminderKind): Promise<number> {
    const event = await eventLookup.messageFacts(this.db, eventId);
    if (!event) return 0;
    // Read before the transaction: settings ask through their own connection (one with PGlite).
    const organiser = await this.organiserName(event.owner_id);
    return this.db.transaction().execute(async (trx) => {
      const orders = await orderLookup.contactsOf(trx, eventId);
      if (orders.length === 0) return 0;
      const claimed = await repo.claimReminders(
        trx,
        eventId,
        kind,
        orders.map((o) => o.id),
      );
      if (claimed.size === 0) return 0;
      const keys = orders.map((o) => emailKey(o.email));
      const stopped = await this.unsubscribed(trx, event.owner_id, keys);
      const messages: OutboxMessage[] = [];
      for (const o of orders) {
        const key = emailKey(o.email);
        if (!claimed.has(o.id) || stopped.has(key)) continue;
        const ticketLink = this.options.ticketLinks.urlFor(o);
        const context = { orderId: o.id, eventId };
        const about = `${o.id}:${kind}`;
        const token = this.tokens.tokenFor(event.owner_id, key);
        messages.push(
          reminderMail({
            kind,
            to: o.email,
            firstName: o.first_name,
            event,
            organiser,
            ticketLink,
            unsubscribe: {
              page: this.tokens.pageUrl(token),
              oneClick: this.tokens.oneClickUrl(token),
            },
            context,
            about,
          }),
        );
        const phone = normalizePhone(o.phone);
        if (!phone) continue;
        messages.push(
          reminderSms({
            to: phone,
            kind,
            event,
            ticketLink,
            eventId,
            organiserId: event.owner_id,
            context,
            about,
          }),
        );
        if (this.options.whatsapp)
          messages.push(reminderWhatsapp({ to: phone, event, ticketLink, context, about }));
      }
      for (let i = 0; i < messages.length; i += 500)
        await this.mail.enqueueMany(trx, messages.slice(i, i + 500));
      return messages.length;
    });
  }
}
