import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailContext, MailRow, StoredAttachment } from './mail.table.ts';

export interface NewMail {
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

const mailValues = (mail: NewMail) => ({
  kind: mail.kind,
  to_address: mail.to,
  subject: mail.subject,
  text_body: mail.text,
  html_body: mail.html ?? null,
  attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  context: mail.context ? JSON.stringify(mail.context) : null,
  last_error: null,
  sent_at: null,
});

export async function insertMail(db: Kysely<Database>, mail: NewMail): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values(mailValues(mail))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes many mails in one statement. */
export async function insertMails(db: Kysely<Database>, mails: NewMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insertInto('mail_outbox').values(mails.map(mailValues)).execute();
}

/**
 * Claims due mails for one sender. The claim pushes `next_attempt_at` forward as a lease:
 * if this process dies mid-send, another picks the mail up when the lease runs out.
 * SKIP LOCKED lets several app servers drain the outbox without sending a mail twice.
 */
export async function claimDueMails(
  db: Kysely<Database>,
  limit: number,
  leaseSeconds: number,
): Promise<MailRow[]> {
  return db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
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

export async function markDelivered(
  db: Kysely<Database>,
  id: string,
  status: 'sent' | 'logged',
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status,
      sent_at: sql<Date>`now()`,
      attempts: sql<number>`attempts + 1`,
      last_error: null,
    })
    .where('id', '=', id)
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

export async function releaseClaims(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
}

export async function markFailedAttempt(
  db: Kysely<Database>,
  id: string,
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
