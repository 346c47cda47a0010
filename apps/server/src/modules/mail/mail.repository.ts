import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { allColumns, recordset } from '../../db/recordset.ts';
import type { Channel, MailContext, MailRow, StoredAttachment } from './mail.table.ts';

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
  /**
   * What makes this message the same as another (e.g. `{orderId}:{code}`); with its kind and
   * channel it is the outbox's dedupe key, so a second one is not written (decision 052).
   * Unset: never deduplicated.
   */
  about?: string | undefined;
}

/** A text message: `to` in E.164 (+234…), `text` as sent. */
export interface NewSms {
  channel: 'sms';
  kind: string;
  to: string;
  text: string;
  context?: MailContext | undefined;
  /** As for mail: the dedupe key's subject. */
  about?: string | undefined;
  /** Whose sale the SMS belongs to: counted against their budget for new numbers. */
  eventId?: string | undefined;
  organiserId?: string | undefined;
}

/** One webhook delivery to send (decision 072); the webhooks module keeps its body. */
export interface NewWebhook {
  channel: 'webhook';
  /** The event type, e.g. `order.completed`. */
  kind: string;
  deliveryId: string;
  /** As for mail: the dedupe key's subject (a delivery and its redelivery number). */
  about: string;
}

/**
 * A WhatsApp template message (decision 083): `to` in E.164, `text` the template as JSON
 * (`sms/whatsapp.provider.ts`).
 */
export interface NewWhatsApp {
  channel: 'whatsapp';
  kind: string;
  to: string;
  text: string;
  context?: MailContext | undefined;
  about?: string | undefined;
}

/** The messages to people the outbox carries (decision 041). */
export type NewMessage = NewMail | NewSms;

/** Every row the outbox carries: messages, WhatsApp and webhook deliveries (decision 072). */
export type OutboxMessage = NewMessage | NewWhatsApp | NewWebhook;

/** The outbox's dedupe key of a message, or null when it names nothing it is about. */
export const dedupeKey = (message: OutboxMessage): string | null =>
  message.about === undefined
    ? null
    : `${message.channel ?? 'mail'}:${message.kind}:${message.about}`;

/** What every new outbox row starts with, whatever its channel: unclaimed, unsent, no error. */
const freshRow = (message: OutboxMessage) => ({
  last_error: null,
  sent_at: null,
  claim_token: null,
  provider_ref: null,
  dedupe_key: dedupeKey(message),
});

/** A message's row, its jsonb columns as values (recordset) rather than JSON text. */
const mailRecord = (message: OutboxMessage) =>
  message.channel === 'webhook'
    ? {
        ...freshRow(message),
        channel: 'webhook' as const,
        kind: message.kind,
        to_address: message.deliveryId,
        subject: '',
        text_body: '',
        html_body: null,
        attachments: null,
        context: { deliveryId: message.deliveryId } as MailContext | null,
        event_id: null,
        organiser_id: null,
      }
    : message.channel === 'sms' || message.channel === 'whatsapp'
      ? {
          ...freshRow(message),
          channel: message.channel,
          kind: message.kind,
          to_address: message.to,
          subject: '',
          text_body: message.text,
          html_body: null,
          attachments: null,
          context: message.context ?? null,
          event_id: message.channel === 'sms' ? (message.eventId ?? null) : null,
          organiser_id: message.channel === 'sms' ? (message.organiserId ?? null) : null,
        }
      : {
          ...freshRow(message),
          channel: 'mail' as const,
          kind: message.kind,
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          attachments: message.attachments?.length ? message.attachments : null,
          context: message.context ?? null,
          event_id: null,
          organiser_id: null,
        };

/** A message's row for Kysely's insert: the jsonb columns as JSON text. */
const mailValues = (message: OutboxMessage) => {
  const row = mailRecord(message);
  return {
    ...row,
    attachments: row.attachments === null ? null : JSON.stringify(row.attachments),
    context: row.context === null ? null : JSON.stringify(row.context),
  };
};

const MAIL_COLUMNS = allColumns<ReturnType<typeof mailRecord>>()([
  'last_error',
  'sent_at',
  'claim_token',
  'provider_ref',
  'dedupe_key',
  'channel',
  'kind',
  'to_address',
  'subject',
  'text_body',
  'html_body',
  'attachments',
  'context',
  'event_id',
  'organiser_id',
]);

/**
 * Writes a message; its id, or null when a message about the same thing is already in the
 * outbox (same dedupe key: nothing written). Under concurrency the unique index makes the
 * second writer wait for the first's transaction and then write nothing.
 */
export async function insertMail(
  db: Kysely<Database>,
  mail: OutboxMessage,
): Promise<string | null> {
  const row = await db
    .insertInto('mail_outbox')
    .values(mailValues(mail))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Writes many messages in one statement; those already in the outbox (dedupe key) are skipped. */
export async function insertMails(db: Kysely<Database>, mails: OutboxMessage[]): Promise<void> {
  if (mails.length === 0) return;
  // One statement may not name a key twice (ON CONFLICT cannot see its own rows).
  const seen = new Set<string>();
  const unique = mails.filter((m) => {
    const key = dedupeKey(m);
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // One JSON parameter (decision 105): the jsonb columns take their values, not their text.
  const { columns, rows } = recordset('mail_outbox', MAIL_COLUMNS, unique.map(mailRecord));
  await sql`insert into mail_outbox (${columns}) ${rows}
    on conflict (dedupe_key) do nothing`.execute(db);
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
  channels: Channel[] = ['mail', 'sms'],
): Promise<MailRow[]> {
  // Each channel's oldest due rows by a range of mail_outbox_claim_idx (decision 103), then
  // the oldest of those: never a read of every pending row. Rows locked here but not
  // claimed are let go when the statement ends.
  const { rows } = await sql<MailRow>`
    update mail_outbox
    set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), claim_token = ${token}
    where id in (
      select c.id
      from unnest(${channels}::text[]) as ch(name)
      cross join lateral (
        select o.id, o.created_at from mail_outbox o
        where o.status = 'pending' and o.channel = ch.name and o.next_attempt_at <= now()
        order by o.created_at
        limit ${limit}
        for update skip locked
      ) c
      order by c.created_at
      limit ${limit})
    returning *`.execute(db);
  return rows;
}

/** An update of one message that applies only while this claim still holds it. */
const updateClaimed = (db: Kysely<Database>, id: string, token: string) =>
  db.updateTable('mail_outbox').where('id', '=', id).where('claim_token', '=', token);

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
  const row = await updateClaimed(db, id, token)
    .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
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
  await updateClaimed(db, id, token)
    .set({
      status,
      sent_at: sql<Date>`now()`,
      attempts: sql<number>`attempts + 1`,
      last_error: null,
      provider_ref: providerRef,
    })
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
  await updateClaimed(db, id, token)
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 500),
      ...(retryInSeconds === null
        ? { status: 'failed' as const }
        : { next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})` }),
    })
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

/** Marks a claimed message as not sent on purpose (a cap or budget, decision 052). */
export async function markDropped(
  db: Kysely<Database>,
  id: string,
  token: string,
  reason: string,
): Promise<void> {
  await updateClaimed(db, id, token).set({ status: 'dropped', last_error: reason }).execute();
}

/** Whether this organiser has had an SMS to this number delivered (or logged) before. */
export async function smsNumberSeen(
  db: Kysely<Database>,
  organiserId: string,
  to: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('channel', '=', 'sms')
    .where('organiser_id', '=', organiserId)
    .where('to_address', '=', to)
    .where('status', 'in', ['sent', 'logged'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts one in the fixed window of `windowSeconds` that now falls in, atomically (one
 * upsert, so app processes on one PostgreSQL count together); answers the count so far.
 */
export async function bumpCounter(
  db: Kysely<Database>,
  key: string,
  windowSeconds: number,
): Promise<number> {
  const row = await db
    .insertInto('message_counters')
    .values({
      key,
      window_start: sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`,
      count: 1,
    })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({
        count: sql<number>`message_counters.count + 1`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Forgets counter windows older than `seconds`. */
export async function pruneCounters(db: Kysely<Database>, seconds: number): Promise<void> {
  await db
    .deleteFrom('message_counters')
    .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .execute();
}

/** Per message (`context.messageId`), channel and state: how many outbox rows (the history). */
export async function countByMessage(
  db: Kysely<Database>,
  messageIds: readonly string[],
): Promise<{ message_id: string; channel: Channel; status: MailRow['status']; n: number }[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('mail_outbox')
    .select([
      sql<string>`context->>'messageId'`.as('message_id'),
      'channel',
      'status',
      sql<number>`count(*)::int`.as('n'),
    ])
    .where(sql<boolean>`context ? 'messageId'`)
    .where(sql<string>`context->>'messageId'`, 'in', messageIds)
    .groupBy([sql`context->>'messageId'`, 'channel', 'status'])
    .execute();
}

/**
 * The demo seed's message to attendees: its rows recorded as delivered to the log at once
 * (nobody is mailed, no dispatcher picks them up), so the demo's history has counts.
 */
export async function markMessagesLogged(
  db: Kysely<Database>,
  messageIds: readonly string[],
): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set({ status: 'logged', attempts: 1, sent_at: new Date() })
    .where(sql<boolean>`context ? 'messageId'`)
    .where(sql<string>`context->>'messageId'`, 'in', messageIds)
    .execute();
}
