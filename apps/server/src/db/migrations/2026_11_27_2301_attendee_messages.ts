import { sql, type Kysely } from 'kysely';

/**
 * Issue 25 §3 (decisions 082, 083): messages to an event's attendees.
 *
 * - `attendee_messages`: what an organiser sent to a segment of an event; unique per event
 *   and the composer's request key, so twenty presses of "Send" are one message.
 * - `message_reminder_settings`: an event's reminders on or off (off unless turned on).
 * - `message_reminders`: one row per order and reminder kind, written before its messages
 *   with `on conflict do nothing`: each reminder is sent once, whatever the processes.
 * - `message_unsubscribes`: an address that said no more announcements or reminders from an
 *   organiser (service messages — tickets, changes — still go).
 * - an index of the outbox by the message a row belongs to (`context.messageId`), for the
 *   history's sent / failed counts; partial, so no other row is indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendee_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('organiser_id', 'uuid', (c) => c.notNull())
    .addColumn('sent_by', 'uuid', (c) => c.notNull())
    .addColumn('request_key', 'uuid', (c) => c.notNull())
    .addColumn('audience', 'jsonb', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sms_text', 'text')
    .addColumn('channels', sql`text[]`, (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('attendee_messages_request_key', ['event_id', 'request_key'])
    .execute();
  await db.schema
    .createIndex('attendee_messages_event_idx')
    .on('attendee_messages')
    .columns(['event_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('message_reminder_settings')
    .addColumn('event_id', 'uuid', (c) =>
      c.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('message_reminders')
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('day-before', 'two-hours')`))
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('message_reminders_pk', ['order_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('message_reminders_event_idx')
    .on('message_reminders')
    .columns(['event_id', 'kind'])
    .execute();

  await db.schema
    .createTable('message_unsubscribes')
    .addColumn('organiser_id', 'uuid', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('message_unsubscribes_pk', ['organiser_id', 'email_key'])
    .execute();

  await sql`create index mail_outbox_message_idx on mail_outbox ((context->>'messageId'))
    where context ? 'messageId'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists mail_outbox_message_idx`.execute(db);
  await db.schema.dropTable('message_unsubscribes').execute();
  await db.schema.dropTable('message_reminders').execute();
  await db.schema.dropTable('message_reminder_settings').execute();
  await db.schema.dropTable('attendee_messages').execute();
}
