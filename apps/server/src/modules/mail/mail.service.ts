import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import * as repo from './mail.repository.ts';
import type { MailTransport } from './mail.transport.ts';

export type { NewMail } from './mail.repository.ts';

const BATCH = 20;
const LEASE_SECONDS = 120;
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

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  enqueue(trx: Kysely<Database>, mail: repo.NewMail): Promise<string> {
    return repo.insertMail(trx, mail);
  }

  start(): void {
    this.stopped = false;
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

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
    this.transport.close();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await repo.claimDueMails(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return;
      for (const mail of batch) {
        try {
          await this.transport.send(mail);
          await repo.markDelivered(this.db, mail.id, this.transport.delivers);
        } catch (err) {
          const retry = RETRY_SECONDS[mail.attempts] ?? null;
          const message = err instanceof Error ? err.message : String(err);
          this.log.warn({ mailId: mail.id, attempt: mail.attempts + 1, retryInSeconds: retry, error: message }, 'mail not sent');
          await repo.markFailedAttempt(this.db, mail.id, message, retry);
        }
      }
    }
  }
}
