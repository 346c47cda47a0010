import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailContext, MailRow, StoredAttachment } from './mail.table.ts';

export interface NewMail {
  channel?: 'mail' | undefined;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Files written with the mail. */
  attachments?: StoredAttachment[] | undefined;
  /** What the mail is about; a renderer registered for its kind adds files from it. */
  context?: MailContext | undefined;
}

/** A text message: `to` in E.164 (+234…), `text` as sent. */
export interface NewSms {
  channel: 'sms';
  kind: string;
  to: string;
  text: string;
  context?: MailContext | undefined;
}

/** What the outbox carries (decision 041). */
export type NewMessage = NewMail | NewSms;

const mailValues = (message: NewMessage) =>
  message.channel === 'sms'
    ? {
        channel: 'sms' as const,
        kind: message.kind,
        to_address: message.to,
        subject: '',
        text_body: message.text,
        html_body: null,
        attachments: null,
        context: message.context ? JSON.stringify(message.context) : null,
        last_error: null,
        sent_at: null,
        claim_token: null,
        provider_ref: null,
      }
    : {
        channel: 'mail' as const,
        kind: message.kind,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
        context: message.context ? JSON.stringify(message.context) : null,
        last_error: null,
        sent_at: null,
        claim_token: null,
        provider_ref: null,
      };

export async function insertMail(db: Kysely<Database>, mail: NewMessage): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values(mailValues(mail))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes many messages in one statement. */
export async function insertMails(db: Kysely<Database>, mails: NewMessage[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insertInto('mail_outbox').values(mails.map(mailValues)).execute();
}

/**
 * Claims due messages for one sender. The claim pushes `next_attempt_at` forward as a lease:
 * if this process dies mid-send, another picks the message up when the lease runs out.
 * SKIP LOCKED lets several app servers drain the outbox without two of them claiming one
 * row; `token` marks the claim, and every later step of this sender names it, so once
 * another sender has claimed the row again (a lease that ran out) this one can no longer
 * send it or record its outcome.
 */
export async function claimDueMails(
  db: Kysely<Database>,
  limit: number,
  leaseSeconds: number,
  token: string,
): Promise<MailRow[]> {
  return db
    .updateTable('mail_outbox')
    .set({
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
      claim_token: token,
    })
    .where(
      'id',
      'in',
      db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/**
 * Right before a send: the row is still this claim's, pending, and its lease starts again
 * (so a batch that took long does not send a row whose lease ran out). False: another
 * sender has it now, or it was delivered meanwhile; do not send.
 */
export async function renewClaim(
  db: Kysely<Database>,
  id: string,
  token: string,
  leaseSeconds: number,
): Promise<boolean> {
  const row = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markDelivered(
  db: Kysely<Database>,
  id: string,
  token: string,
  status: 'sent' | 'logged',
  providerRef: string | null = null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status,
      sent_at: sql<Date>`now()`,
      attempts: sql<number>`attempts + 1`,
      last_error: null,
      provider_ref: providerRef,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** Keeps rendered files with the mail before it is first sent, so every attempt sends them. */
export async function storeAttachments(
  db: Kysely<Database>,
  id: string,
  attachments: StoredAttachment[],
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ attachments: JSON.stringify(attachments) })
    .where('id', '=', id)
    .execute();
}

export async function releaseClaims(
  db: Kysely<Database>,
  ids: string[],
  token: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .execute();
}

export async function markFailedAttempt(
  db: Kysely<Database>,
  id: string,
  token: string,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 500),
      ...(retryInSeconds === null
        ? { status: 'failed' as const }
        : { next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})` }),
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

export async function findMailsTo(db: Kysely<Database>, to: string): Promise<MailRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .execute();
}
