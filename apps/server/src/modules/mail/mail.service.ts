import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import * as repo from './mail.repository.ts';
import type { MailContext, StoredAttachment } from './mail.table.ts';
import type { MailTransport } from './mail.transport.ts';

export type { NewMail } from './mail.repository.ts';
export type { MailContext, StoredAttachment } from './mail.table.ts';

/** Renders the files of a mail from its context (e.g. an order's PDF ticket). */
export type AttachmentRenderer = (context: MailContext) => Promise<StoredAttachment[]>;

const BATCH = 20;
const LEASE_SECONDS = 120;
/** Event-loop utilisation above which attachment rendering waits, and for how long at most. */
const BUSY_LOOP = 0.5;
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
 * The outbox: `enqueue` writes a mail in the caller's transaction (so a code is never
 * mailed for a signup that rolled back, and never lost for one that committed); the
 * dispatcher sends due mails now and retries failures with backoff.
 */
export class MailService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Aborted when shutdown stops waiting for the mail in flight. */
  private abandon = new AbortController();
  private readonly renderers = new Map<string, AttachmentRenderer>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  enqueue(trx: Kysely<Database>, mail: repo.NewMail): Promise<string> {
    return repo.insertMail(trx, mail);
  }

  /** `enqueue` for many mails at once (one statement). */
  enqueueMany(trx: Kysely<Database>, mails: repo.NewMail[]): Promise<void> {
    return repo.insertMails(trx, mails);
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
      this.transport.close();
    }
  }

  /**
   * Rendering a ticket takes ~100 ms of this process's one thread. During a rush (a flash
   * sale) it waits while the event loop is busy serving requests — up to QUIET_WAIT_MS per
   * mail, so mail never starves — and the rush's checkouts get the CPU; the outbox keeps
   * every mail until then (bench/flash-sale.mjs measured completed orders/s fall from ~150
   * to ~50 with rendering competing).
   */
  private async whenQuiet(): Promise<void> {
    const deadline = Date.now() + QUIET_WAIT_MS;
    let since = performance.eventLoopUtilization();
    while (!this.stopped && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const busy = performance.eventLoopUtilization(since).utilization;
      if (busy < BUSY_LOOP) return;
      since = performance.eventLoopUtilization();
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await repo.claimDueMails(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return;
      for (const [i, mail] of batch.entries()) {
        if (this.stopped) {
          // Shutting down: what this process claimed but did not try is due again now, for
          // whichever process runs next, instead of waiting out the lease.
          await repo.releaseClaims(
            this.db,
            batch.slice(i).map((m) => m.id),
          );
          return;
        }
        try {
          const render = this.renderers.get(mail.kind);
          if (render && mail.attachments === null && mail.context) {
            await this.whenQuiet();
            mail.attachments = await render(mail.context);
            await repo.storeAttachments(this.db, mail.id, mail.attachments);
          }
          await this.transport.send(mail, this.abandon.signal);
          await repo.markDelivered(this.db, mail.id, this.transport.delivers);
        } catch (err) {
          if (this.abandon.signal.aborted) {
            // Given up at shutdown: not an attempt of the mail's; due again now, with the
            // rest of the batch.
            this.log.info(
              { mailId: mail.id, released: batch.length - i },
              'mail dispatch stopped; unsent mail stays in the outbox',
            );
            await repo.releaseClaims(
              this.db,
              batch.slice(i).map((m) => m.id),
            );
            return;
          }
          const retry = RETRY_SECONDS[mail.attempts] ?? null;
          const message = err instanceof Error ? err.message : String(err);
          this.log.warn(
            { mailId: mail.id, attempt: mail.attempts + 1, retryInSeconds: retry, error: message },
            'mail not sent',
          );
          await repo.markFailedAttempt(this.db, mail.id, message, retry);
        }
      }
    }
  }
}
