import { sql, type Kysely } from 'kysely';

/**
 * Wallet passes (issue 15 §3, decisions 043–044): one row per pass handed out (an order
 * under one code: a transfer's new holder gets a new serial), with what was last pushed
 * to the wallets, and the Apple devices registered for its updates. State, not messages:
 * the sweeper compares each pass with its order and event (`updated_at`) and pushes the
 * difference, so nothing is written in the order's transaction and nothing can be lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_passes')
    .addColumn('serial_number', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('apple_issued_at', 'timestamptz')
    .addColumn('google_issued_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('wallet_passes_order_idx')
    .on('wallet_passes')
    .column('order_id')
    .execute();
  await db.schema
    .createTable('wallet_registrations')
    .addColumn('device_library_id', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) =>
      c.notNull().references('wallet_passes.serial_number').onDelete('cascade'),
    )
    .addColumn('push_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_registrations_pk', ['device_library_id', 'serial_number'])
    .execute();
  await db.schema
    .createIndex('wallet_registrations_serial_idx')
    .on('wallet_registrations')
    .column('serial_number')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_registrations').execute();
  await db.schema.dropTable('wallet_passes').execute();
}
