import { sql, type Kysely } from 'kysely';

/**
 * Issue 24 §3 (decision 058): the demo's Paystack sandbox keeps what "Paystack" holds —
 * transactions, bank accounts, subaccounts, settlements, refunds — in one JSON document, so
 * it outlives a restart and `npm run seed` can fill it for the app to read. One row; the
 * sandbox locks it for each call. Nothing else reads it, and it stays empty unless
 * PAYSTACK_SANDBOX=true or the seed ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paystack_sandbox')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paystack_sandbox').execute();
}
