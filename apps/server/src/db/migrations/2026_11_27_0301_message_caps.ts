import { sql, type Kysely } from 'kysely';

/**
 * Caps on messages sent on someone else's say-so (issue 21 §3 and the SMS-pumping part of
 * §7, decision 052):
 * - `mail_outbox.dedupe_key`: what a message is about (kind, channel, the order and its
 *   change…), unique, so a second "transferred to you" for one order change is not written
 *   (`ON CONFLICT DO NOTHING`); NULL for messages that are never the same twice;
 * - `mail_outbox.event_id` / `organiser_id`: whose sale an SMS belongs to, for the budget of
 *   SMS to numbers the organiser has not texted before;
 * - `message_counters`: fixed-window counts (per recipient, per budget) shared by every app
 *   process on one PostgreSQL when there is no Redis.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('dedupe_key', 'text')
    .addColumn('event_id', 'uuid')
    .addColumn('organiser_id', 'uuid')
    .execute();
  // NULLs are distinct: only messages that name what they are about are deduplicated.
  await db.schema
    .createIndex('mail_outbox_dedupe_key_idx')
    .on('mail_outbox')
    .column('dedupe_key')
    .unique()
    .execute();
  // "Has this organiser texted this number before?"
  await db.schema
    .createIndex('mail_outbox_sms_seen_idx')
    .on('mail_outbox')
    .columns(['organiser_id', 'to_address'])
    .where(sql.ref('channel'), '=', 'sms')
    .execute();
  await db.schema
    .createTable('message_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_counters_pkey', ['key', 'window_start'])
    .execute();
  await db.schema
    .createIndex('message_counters_window_idx')
    .on('message_counters')
    .column('window_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_counters').execute();
  await db.schema.dropIndex('mail_outbox_sms_seen_idx').execute();
  await db.schema.dropIndex('mail_outbox_dedupe_key_idx').execute();
  await db.schema
    .alterTable('mail_outbox')
    .dropColumn('organiser_id')
    .dropColumn('event_id')
    .dropColumn('dedupe_key')
    .execute();
}
