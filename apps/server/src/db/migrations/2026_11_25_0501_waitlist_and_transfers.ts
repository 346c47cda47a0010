import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 §2 and §3 (decisions 032, 033):
 * - a waiting list per ticket type: people in line (position by arrival), their offers
 *   (a pending order holding the tickets, a single-use claim link) and what became of them;
 * - transfers: each event allows or forbids buyers' transfers (allowed unless forbidden),
 *   and every transfer of an order keeps the code and holder it had before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('allow_transfers', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('position', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('ticket_type_id', 'uuid', (c) =>
      c.notNull().references('ticket_types.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`status in ('waiting', 'offered', 'claimed', 'expired', 'removed')`),
    )
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('claim_token_hash', 'text')
    .addColumn('offered_at', 'timestamptz')
    .addColumn('offered_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One place in line per email and ticket type while it is live.
  await db.schema
    .createIndex('waitlist_entries_live_email')
    .on('waitlist_entries')
    .columns(['ticket_type_id', 'email_key'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('waiting', 'offered')`)
    .execute();
  await db.schema
    .createIndex('waitlist_entries_waiting')
    .on('waitlist_entries')
    .columns(['ticket_type_id', 'position'])
    .where(sql.ref('status'), '=', 'waiting')
    .execute();
  await db.schema
    .createIndex('waitlist_entries_event')
    .on('waitlist_entries')
    .columns(['event_id', 'position'])
    .execute();
  await db.schema
    .createIndex('waitlist_entries_order')
    .on('waitlist_entries')
    .column('order_id')
    .where(sql.ref('order_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('waitlist_entries_claim_token')
    .on('waitlist_entries')
    .column('claim_token_hash')
    .unique()
    .where(sql.ref('claim_token_hash'), 'is not', null)
    .execute();

  await db.schema
    .createTable('order_transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_code', 'text', (c) => c.notNull())
    .addColumn('to_code', 'text', (c) => c.notNull())
    .addColumn('from_first_name', 'text', (c) => c.notNull())
    .addColumn('from_last_name', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('to_first_name', 'text', (c) => c.notNull())
    .addColumn('to_last_name', 'text', (c) => c.notNull())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('order_transfers_order')
    .on('order_transfers')
    .columns(['order_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('order_transfers_from_code')
    .on('order_transfers')
    .column('from_code')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_transfers').execute();
  await db.schema.dropTable('waitlist_entries').execute();
  await db.schema.alterTable('events').dropColumn('allow_transfers').execute();
}
