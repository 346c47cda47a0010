import { createHash, createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../../db/database.ts';
import { accounts } from '../auth/auth.accounts.ts';
import { eventLookup } from '../events/events.lookup.ts';
import { emailKey } from '../orders/orders.limits.ts';
import * as repo from './mail.repository.ts';
import type { MailRow } from './mail.table.ts';

/** The caps and budgets of decision 052 (config.ts: MESSAGE_CAP_*, SMS_NEW_NUMBERS_*). */
export interface MessageCapsConfig {
  /** Messages one email address receives per hour and per day (capped kinds only). */
  emailPerHour: number;
  emailPerDay: number;
  /** SMS one phone number receives per hour and per day. */
  phonePerHour: number;
  phonePerDay: number;
  /** SMS to numbers the organiser has never texted, per event and per organiser, per hour. */
  smsNewNumbersPerEventPerHour: number;
  smsNewNumbersPerOrganiserPerHour: number;
}

export const SMS_BUDGET_ALERT = 'sms-budget-reached';

/**
 * Messages outside the per-recipient cap: they go to an account's own address about that
 * account and are limited per account where they are asked for (decision 004: a code, a
 * reset link, a security notice), or the organiser asked for them (order notifications, the
 * budget alert). Capping them would let a flood of someone else's messages lock a person out
 * of their own account. Every other kind is sent on someone else's say-so and is capped.
 */
const UNCAPPED_KINDS = new Set([
  'verify-email',
  'password-reset',
  'password-changed',
  'email-changed',
  'email-change-requested',
  'order-notification',
  SMS_BUDGET_ALERT,
]);

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Counts in fixed windows; true while the count is within `limit`. */
export interface MessageCounter {
  take(key: string, limit: number, windowSeconds: number): Promise<boolean>;
}

/** Every app process on one PostgreSQL (or one PGlite) counts in `message_counters`. */
export class PgMessageCounter implements MessageCounter {
  private prunedAt = 0;
  constructor(private readonly db: Kysely<Database>) {}

  async take(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    if (Date.now() - this.prunedAt > 10 * 60_000) {
      this.prunedAt = Date.now();
      await repo.pruneCounters(this.db, 2 * DAY);
    }
    return (await repo.bumpCounter(this.db, key, windowSeconds)) <= limit;
  }
}

/**
 * With REDIS_URL every app server counts in Redis, as the rate limits do (decision 004),
 * with an in-memory count if Redis stops answering.
 */
export class RedisMessageCounter implements MessageCounter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  constructor(private readonly redis: Redis) {}

  async take(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const name = `${limit}:${windowSeconds}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const options = { keyPrefix: `msgcap:${name}`, points: limit, duration: windowSeconds };
      limiter = new RateLimiterRedis({
        ...options,
        storeClient: this.redis,
        insuranceLimiter: new RateLimiterMemory(options),
      });
      this.limiters.set(name, limiter);
    }
    try {
      await limiter.consume(key);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }
}

/** One recipient however written: the normalised address, or the E.164 number. */
const recipientId = (row: Pick<MailRow, 'channel' | 'to_address'>) =>
  `${row.channel}:${row.channel === 'mail' ? emailKey(row.to_address) : row.to_address}`;

/**
 * A recipient in counter keys (Redis, `message_counters`): a hash, the same on every app
 * server, never the address or number in clear.
 */
export function recipientRef(row: Pick<MailRow, 'channel' | 'to_address'>): string {
  return createHash('sha256').update(recipientId(row)).digest('base64url').slice(0, 16);
}

/** The name of the `app_secrets` key that makes recipients in logs unguessable. */
export const MESSAGE_LOG_KEY = 'message_log_key';

/**
 * Decides, right before a message's first attempt, whether it may go (decision 052):
 * 1. its recipient's cap — per email address or phone number, per hour and per day;
 * 2. for an SMS of an organiser's sale to a number that organiser has never had an SMS
 *    delivered to: the event's and the organiser's hourly budget of new numbers, with one
 *    alert mail to the organiser per budget and hour once it is reached.
 * Answers null (send) or why the message is dropped. It runs in the dispatcher, after the
 * request has answered, so a capped request answers exactly as any other.
 */
export class MessageGuard {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly counter: MessageCounter,
    private readonly caps: MessageCapsConfig,
    private readonly log: FastifyBaseLogger,
    /** Keys the recipient's hash in logs (`app_secrets`), so a phone number cannot be found
     * again from a log by hashing every number. */
    private readonly logKey: string,
  ) {}

  /** A recipient in a log line: a keyed hash (HMAC), one per recipient, no address or number. */
  logRef(row: Pick<MailRow, 'channel' | 'to_address'>): string {
    return createHmac('sha256', this.logKey)
      .update(recipientId(row))
      .digest('base64url')
      .slice(0, 16);
  }

  async admit(row: MailRow): Promise<string | null> {
    if (UNCAPPED_KINDS.has(row.kind)) return null;
    const ref = recipientRef(row);
    const [perHour, perDay] =
      row.channel === 'sms' || row.channel === 'whatsapp'
        ? [this.caps.phonePerHour, this.caps.phonePerDay]
        : [this.caps.emailPerHour, this.caps.emailPerDay];
    const hourOk = await this.counter.take(`to:h:${ref}`, perHour, HOUR);
    const dayOk = hourOk && (await this.counter.take(`to:d:${ref}`, perDay, DAY));
    if (!hourOk) return `recipient cap: ${perHour} an hour`;
    if (!dayOk) return `recipient cap: ${perDay} a day`;
    if (row.channel === 'sms' && row.organiser_id) return this.smsBudget(row, row.organiser_id);
    return null;
  }

  private async smsBudget(row: MailRow, organiserId: string): Promise<string | null> {
    if (await repo.smsNumberSeen(this.db, organiserId, row.to_address)) return null;
    const budgets = [
      ...(row.event_id
        ? [
            {
              scope: 'event' as const,
              id: row.event_id,
              limit: this.caps.smsNewNumbersPerEventPerHour,
            },
          ]
        : []),
      {
        scope: 'organiser' as const,
        id: organiserId,
        limit: this.caps.smsNewNumbersPerOrganiserPerHour,
      },
    ];
    for (const budget of budgets) {
      if (await this.counter.take(`sms-new:${budget.scope}:${budget.id}`, budget.limit, HOUR)) {
        continue;
      }
      await this.alert(organiserId, row.event_id, budget.scope, budget.limit);
      return `sms budget: ${budget.limit} new numbers an hour per ${budget.scope}`;
    }
    return null;
  }

  /** One mail to the organiser per budget and clock hour (the outbox's dedupe key). */
  private async alert(
    organiserId: string,
    eventId: string | null,
    scope: 'event' | 'organiser',
    limit: number,
  ): Promise<void> {
    const contact = await accounts.contact(this.db, organiserId);
    if (!contact) return;
    const title = eventId ? await eventLookup.title(this.db, eventId) : undefined;
    const hour = new Date(Math.floor(Date.now() / (HOUR * 1000)) * HOUR * 1000);
    const what =
      scope === 'event'
        ? `${title ? `"${title}"` : 'one of your events'} has`
        : 'your events together have';
    const lines = [
      `Hello ${contact.fullName.split(' ')[0] ?? ''},`,
      '',
      `In the last hour ${what} sent ticket SMS to ${limit} phone numbers that had never had one from you. That is the hourly budget for new numbers, so further ticket SMS to new numbers are not sent until the hour is over. Buyers still get their tickets by email, and numbers you have texted before still get SMS.`,
      '',
      'A sudden rush of orders with unknown numbers can be someone running up your SMS bill (SMS pumping). If these are real buyers, your Gatepass operator can raise the budget (SMS_NEW_NUMBERS_PER_EVENT_PER_HOUR, SMS_NEW_NUMBERS_PER_ORGANISER_PER_HOUR).',
    ];
    const id = await repo.insertMail(this.db, {
      kind: SMS_BUDGET_ALERT,
      to: contact.email,
      subject: `SMS budget reached${scope === 'event' && title ? ` for ${title}` : ''}`,
      text: lines.join('\n'),
      about: `${scope}:${scope === 'event' ? eventId : organiserId}:${hour.toISOString()}`,
    });
    if (id) {
      this.log.warn(
        { organiserId, eventId, scope, limit, alertMailId: id },
        'sms budget for new numbers reached; organiser alerted',
      );
    }
  }
}
