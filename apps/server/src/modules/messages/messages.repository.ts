import { sql } from 'kysely';
import type { MessageAudience, ReminderKind } from '@gatepass/shared';
import type { Db } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { AttendeeMessageRow } from './messages.table.ts';

export interface NewAttendeeMessage {
  eventId: string;
  organiserId: string;
  sentBy: string;
  requestKey: string;
  audience: MessageAudience;
  subject: string;
  body: string;
  smsText: string | null;
  channels: string[];
}

/**
 * Writes the message unless this event already has one with the same request key; answers
 * the new row, or undefined (a second press: the first one's transaction decides).
 */
export function insertMessage(
  db: Db,
  m: NewAttendeeMessage,
): Promise<AttendeeMessageRow | undefined> {
  return db
    .insertInto('attendee_messages')
    .values({
      event_id: m.eventId,
      organiser_id: m.organiserId,
      sent_by: m.sentBy,
      request_key: m.requestKey,
      audience: JSON.stringify(m.audience),
      subject: m.subject,
      body: m.body,
      sms_text: m.smsText,
      channels: m.channels,
    })
    .onConflict((oc) => oc.columns(['event_id', 'request_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findByRequestKey(
  db: Db,
  eventId: string,
  requestKey: string,
): Promise<AttendeeMessageRow | undefined> {
  return db
    .selectFrom('attendee_messages')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

export async function setRecipients(db: Db, id: string, recipients: number): Promise<void> {
  await db.updateTable('attendee_messages').set({ recipients }).where('id', '=', id).execute();
}

export function listMessages(
  db: Db,
  eventId: string,
  limit: number,
): Promise<AttendeeMessageRow[]> {
  return db
    .selectFrom('attendee_messages')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function remindersEnabled(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('message_reminder_settings')
    .select('enabled')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.enabled ?? false;
}

export async function setReminders(db: Db, eventId: string, enabled: boolean): Promise<void> {
  await db
    .insertInto('message_reminder_settings')
    .values({ event_id: eventId, enabled })
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet({ enabled, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

export async function countReminders(
  db: Db,
  eventId: string,
): Promise<Record<ReminderKind, number>> {
  const rows = await db
    .selectFrom('message_reminders')
    .select(['kind', sql<number>`count(*)::int`.as('n')])
    .where('event_id', '=', eventId)
    .groupBy('kind')
    .execute();
  const out: Record<ReminderKind, number> = { 'day-before': 0, 'two-hours': 0 };
  for (const r of rows) out[r.kind] = r.n;
  return out;
}

/**
 * Events with reminders on that start within `withinSeconds` from now and have not started
 * (published only), with their start: the reminders' job's one read per sweep.
 */
export function findEventsToRemind(
  db: Db,
  withinSeconds: number,
): Promise<{ event_id: string; start_at: Date }[]> {
  const startAt = eventLookup.startAtOf(sql.ref<string>('s.event_id'));
  return db
    .selectFrom('message_reminder_settings as s')
    .select(['s.event_id', startAt.as('start_at')])
    .where('s.enabled', '=', true)
    .where(eventLookup.statusOf(sql.ref<string>('s.event_id')), '=', 'published')
    .where(startAt, '>', sql<Date>`now()`)
    .where(startAt, '<=', sql<Date>`now() + make_interval(secs => ${withinSeconds})`)
    .execute() as Promise<{ event_id: string; start_at: Date }[]>;
}

/**
 * Claims the reminder of `kind` for these orders: one row per order and kind, `on conflict
 * do nothing`, so of two processes (or two sweeps) only one gets each order back — and only
 * it writes that order's messages, in the same transaction.
 */
export async function claimReminders(
  db: Db,
  eventId: string,
  kind: ReminderKind,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .insertInto('message_reminders')
    .values(orderIds.map((id) => ({ order_id: id, kind, event_id: eventId })))
    .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
    .returning('order_id')
    .execute();
  return new Set(rows.map((r) => r.order_id));
}

/** Which of these addresses (email keys) unsubscribed from the organiser's messages. */
export async function findUnsubscribed(
  db: Db,
  organiserId: string,
  emailKeys: readonly string[],
): Promise<Set<string>> {
  if (emailKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('message_unsubscribes')
    .select('email_key')
    .where('organiser_id', '=', organiserId)
    .where('email_key', 'in', emailKeys)
    .execute();
  return new Set(rows.map((r) => r.email_key));
}

export async function unsubscribe(db: Db, organiserId: string, emailKey: string): Promise<void> {
  await db
    .insertInto('message_unsubscribes')
    .values({ organiser_id: organiserId, email_key: emailKey })
    .onConflict((oc) => oc.columns(['organiser_id', 'email_key']).doNothing())
    .execute();
}
