import { sql, type Kysely } from 'kysely';

/**
 * Holds that cannot take an event hostage (issue 16 §2, decision 025):
 * - offline payment is the organiser's choice per event, off unless chosen (existing events
 *   included), with its own hold length;
 * - an offline order keeps its tickets beyond the normal hold only once the buyer confirmed
 *   their email (a single-use link; only its hash is kept);
 * - each order carries its buyer's normalised email and phone, so open holds per buyer and
 *   event can be counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('offline_payment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('offline_hold_hours', 'integer', (c) => c.notNull().defaultTo(72))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('email_key', 'text')
    .addColumn('phone_key', 'text')
    .addColumn('hold_token_hash', 'text')
    .addColumn('hold_confirmed_at', 'timestamptz')
    .execute();
  await sql`update orders set email_key = lower(trim(email)), phone_key = phone`.execute(db);
  await db.schema
    .createIndex('orders_open_holds_by_email')
    .on('orders')
    .columns(['event_id', 'email_key'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('orders_open_holds_by_phone')
    .on('orders')
    .columns(['event_id', 'phone_key'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('orders_hold_token')
    .on('orders')
    .column('hold_token_hash')
    .unique()
    .where(sql.ref('hold_token_hash'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_hold_token').execute();
  await db.schema.dropIndex('orders_open_holds_by_phone').execute();
  await db.schema.dropIndex('orders_open_holds_by_email').execute();
  await db.schema
    .alterTable('orders')
    .dropColumn('email_key')
    .dropColumn('phone_key')
    .dropColumn('hold_token_hash')
    .dropColumn('hold_confirmed_at')
    .execute();
  await db.schema
    .alterTable('events')
    .dropColumn('offline_payment')
    .dropColumn('offline_hold_hours')
    .execute();
}
