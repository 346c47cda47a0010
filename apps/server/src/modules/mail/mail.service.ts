import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { requestsPerSecond } from '../../lib/request-rate.ts';
import type { MessageGuard } from './mail.caps.ts';
import * as repo from './mail.repository.ts';
import type { Channel, MailContext, MailRow, StoredAttachment } from './mail.table.ts';
import type { MessageTransport } from './mail.transport.ts';

export type {
  NewMail,
  NewMessage,
  NewSms,
  NewWebhook,
  NewWhatsApp,
  OutboxMessage,
} from './mail.repository.ts';

/**
 * A message's `about` from a link only it carries (an invitation's or an offer's token): the
 * same link twice is the same message. A digest, so no token sits in the dedupe key.
 */
export const aboutLink = (link: string): string =>
  createHash('sha256').update(link).digest('base64url').slice(0, 22);
export type { Channel, MailContext, StoredAttachment } from './mail.table.ts';

/** One transport per channel this dispatcher sends (decision 041). */
export type Transports = Partial<Record<Channel, MessageTransport>>;

/** Which rows of the outbox one dispatcher sends, and how it retries them. */
export interface DispatcherOptions {
  /** Default: mail, SMS and WhatsApp. The webhook dispatcher sends 'webhook' rows only (decision 072). */
  channels?: Channel[];
  /** Seconds between attempts; after the last, a row stays as 'failed'. */
  retrySeconds?: number[];
}

/** Renders the files of a mail from its context (e.g. an order's PDF ticket). */
export type AttachmentRenderer = (context: MailContext) => Promise<StoredAttachment[]>;

const BATCH = 20;
/**
 * A claim's lease. It starts again right before each send (repo.renewClaim), and is longer
 * than any one send may take (SMTP's and Termii's timeouts are well under it), so a
 * message is never in flight in two live processes.
 */
const LEASE_SECONDS = 120;
/** Event-loop utilisation above which rendering a ticket waits. */
const BUSY_LOOP = 0.5;
/** Requests a second at which this process is in a rush: every message waits (decision 103). */
const RUSH_REQUESTS_PER_SECOND = 300;
/** The longest one message waits for a quiet moment, so the outbox never starves. */
const QUIET_WAIT_MS = 1_000;
/**
 * How long shutdown lets the mail in flight finish. After that the send is abandoned: the
 * mail stays pending, due at once, for the next start (an SMTP server that accepts the
 * connection but never answers would otherwise hold the process for nodemailer's 30 s
 * greeting timeout, or 2 min to connect).
 */
export const STOP_GRACE_MS = 1_000;
/** Backoff between attempts; after the last one the mail stays in the outbox as 'failed'. */
const RETRY_SECONDS = [10, 30, 60, 300, 900, 1800, 3600, 3600, 3600, 3600];

/**
 * The outbox of every message, mail and SMS (decisions 003 and 041): `enqueue` writes a
 * message in the caller's transaction (so a code is never mailed for a signup that rolled
 * back, and never lost for one that committed); the one dispatcher sends due messages by
 * their channel's transport now and retries failures with backoff.
 */
export class MailService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Aborted when shutdown stops waiting for the mail in flight. */
  private abandon = new AbortController();
  private readonly renderers = new Map<string, AttachmentRenderer>();
  private readonly channels: Channel[];
  private readonly retrySeconds: number[];
  /** Dispatchers of other channels of the same outbox, kicked with this one. */
  private readonly linked: MailService[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transports: Transports,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
    /** Caps and budgets checked before a message's first attempt (decision 052). */
    private readonly guard?: MessageGuard,
    options: DispatcherOptions = {},
  ) {
    this.channels = options.channels ?? ['mail', 'sms', 'whatsapp'];
    this.retrySeconds = options.retrySeconds ?? RETRY_SECONDS;
  }

  /**
   * Another dispatcher of the same outbox (the webhook one): whoever kicks this one after
   * a commit (orders, transfers, refunds) kicks it too.
   */
  link(other: MailService): void {
    this.linked.push(other);
  }

  /** Writes a message; null when one about the same thing is already there (decision 052). */
  enqueue(trx: Kysely<Database>, message: repo.OutboxMessage): Promise<string | null> {
    return repo.insertMail(trx, message);
  }

  /**
   * The outbox's rows of some messages to attendees (`context.messageId`), counted by
   * channel and state: the messages' history (issue 25 §3).
   */
  outcomesOf(messageIds: readonly string[]) {
    return repo.countByMessage(this.db, messageIds);
  }

  /** `enqueue` for many messages at once (one statement). */
  enqueueMany(trx: Kysely<Database>, messages: repo.OutboxMessage[]): Promise<void> {
    return repo.insertMails(trx, messages);
  }

  /**
   * Files for mails of one kind are rendered here, by the dispatcher, after the transaction
   * that wrote the mail has committed: a PDF takes ~100 ms of CPU, which must not run while
   * an order's transaction holds its ticket row (nor block PGlite's one connection). They
   * are stored in the outbox before the first attempt, so a crash before that renders again
   * and every retry sends the same bytes.
   */
  registerAttachments(kind: string, render: AttachmentRenderer): void {
    this.renderers.set(kind, render);
  }

  start(): void {
    this.stopped = false;
    this.abandon = new AbortController();
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Drains the outbox soon; call after committing a transaction that enqueued mail. */
  kick(): void {
    for (const other of this.linked) other.kick();
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'mail dispatch failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the dispatch in flight; used by graceful shutdown and tests. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Stops dispatching: no new mail is tried, the one in flight has STOP_GRACE_MS to finish,
   * then it is abandoned. Whatever was not sent stays in the outbox, due now, for the next
   * process (nothing is lost; a mail abandoned at the very moment the server accepted it
   * may arrive twice, the outbox's usual at-least-once).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    const giveUp = setTimeout(
      () => this.abandon.abort(new Error('mail dispatch stopped')),
      STOP_GRACE_MS,
    );
    try {
      await this.idle();
    } finally {
      clearTimeout(giveUp);
      for (const transport of Object.values(this.transports)) transport?.close();
    }
  }

  /**
   * Waits while `busy` holds, up to QUIET_WAIT_MS, so the outbox never starves. A flash
   * sale's confirmations are written hundreds a second, and sending each (the guard's count,
   * the claim, the mark, the transport; a PDF on the render worker) takes CPU from the sale
   * on the same cores: with every message sent at once the flash sale confirmed ~4/5 of
   * the orders a second it did with none sent (decision 103). So during a rush every message
   * waits, and the rush's checkouts get the CPU; the outbox keeps every message until then.
   */
  private async waitWhile(busy: () => boolean): Promise<void> {
    const deadline = Date.now() + QUIET_WAIT_MS;
    while (!this.stopped && busy() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private readonly inRush = () => requestsPerSecond() >= RUSH_REQUESTS_PER_SECOND;

  /** Rendering a ticket (~100 ms of CPU) also waits for a quiet event loop. */
  private readonly busyForRendering = () => this.inRush() || this.loopBusy() >= BUSY_LOOP;

  private loop = { at: performance.now(), mark: performance.eventLoopUtilization(), busy: 0 };

  /** The event loop's utilisation since the last look at least 50 ms ago. */
  private loopBusy(): number {
    const now = performance.now();
    if (now - this.loop.at >= 50) {
      const mark = performance.eventLoopUtilization();
      const busy = performance.eventLoopUtilization(mark, this.loop.mark).utilization;
      this.loop = { at: now, mark, busy };
    }
    return this.loop.busy;
  }

  /**
   * Why the guard keeps this message back, or null. A guard that cannot count (its store
   * failing outright; Redis has an in-memory stand-in) lets the message go: a ticket is not
   * withheld for a counter's outage, and the outage is logged.
   */
  private async refusal(mail: MailRow): Promise<string | null> {
    if (!this.guard) return null;
    try {
      return await this.guard.admit(mail);
    } catch (err) {
      this.log.error({ err, mailId: mail.id }, 'message caps could not be counted; sending');
      return null;
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      // A token per claim: the rows are this dispatcher's only while they carry it.
      const token = randomUUID();
      const batch = await repo.claimDueMails(this.db, BATCH, LEASE_SECONDS, token, this.channels);
      if (batch.length === 0) return;
      for (const [i, mail] of batch.entries()) {
        if (this.stopped) {
          // Shutting down: what this process claimed but did not try is due again now, for
          // whichever process runs next, instead of waiting out the lease.
          await repo.releaseClaims(
            this.db,
            batch.slice(i).map((m) => m.id),
            token,
          );
          return;
        }
        await this.waitWhile(this.inRush);
        const transport = this.transports[mail.channel];
        try {
          if (!transport) throw new Error(`no transport for the ${mail.channel} channel`);
          // Counted once, before the first attempt (a retry is the same message).
          const refusal = mail.attempts === 0 ? await this.refusal(mail) : null;
          if (refusal) {
            await repo.markDropped(this.db, mail.id, token, refusal);
            this.log.warn(
              {
                mailId: mail.id,
                kind: mail.kind,
                channel: mail.channel,
                recipient: this.guard?.logRef(mail),
                reason: refusal,
              },
              'message dropped',
            );
            continue;
          }
          const render = this.renderers.get(mail.kind);
          if (mail.channel === 'mail' && render && mail.attachments === null && mail.context) {
            await this.waitWhile(this.busyForRendering);
            mail.attachments = await render(mail.context);
            await repo.storeAttachments(this.db, mail.id, mail.attachments);
          }
          // Still ours? A batch that took longer than the lease may have lost a row to
          // another dispatcher, which then sends it; this one must not.
          if (!(await repo.renewClaim(this.db, mail.id, token, LEASE_SECONDS))) {
            this.log.warn(
              { mailId: mail.id, channel: mail.channel },
              'message claimed by another dispatcher; not sent here',
            );
            continue;
          }
          const ref = await transport.send(mail, this.abandon.signal);
          await repo.markDelivered(this.db, mail.id, token, transport.delivers, ref ?? null);
        } catch (err) {
          if (this.abandon.signal.aborted) {
            // Given up at shutdown: not an attempt of the message's; due again now, with the
            // rest of the batch.
            this.log.info(
              { mailId: mail.id, released: batch.length - i },
              'message dispatch stopped; unsent mail stays in the outbox',
            );
            await repo.releaseClaims(
              this.db,
              batch.slice(i).map((m) => m.id),
              token,
            );
            return;
          }
          const retry = this.retrySeconds[mail.attempts] ?? null;
          const message = err instanceof Error ? err.message : String(err);
          this.log.warn(
            {
              mailId: mail.id,
              channel: mail.channel,
              attempt: mail.attempts + 1,
              retryInSeconds: retry,
              error: message,
            },
            mail.channel === 'mail' ? 'mail not sent' : `${mail.channel} not sent`,
          );
          await repo.markFailedAttempt(this.db, mail.id, token, message, retry);
        }
      }
    }
  }
}
