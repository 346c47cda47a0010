import { sql, type Kysely } from 'kysely';

/**
 * Paying through providers (Paystack) and tickets that travel with the confirmation mail.
 *
 * - `payments`: one row per attempt at a provider, keyed by our unique reference, so a
 *   webhook and the buyer's return can both arrive (twice, in any order) and settle once.
 * - `orders.needs_refund`: money arrived for an order that could not take it (its hold had
 *   expired and the tickets were sold meanwhile, or it was cancelled); the organiser refunds.
 * - `mail_outbox.attachments` keeps the files a mail carries (QR image, PDF, .ics) in the
 *   outbox itself, so a retry sends exactly what the first attempt did; `context` says what
 *   the mail is about (the order), for rendering those files off the request path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('initialized'))
    /** What the order made of a successful payment: completed, needs_refund or duplicate. */
    .addColumn('outcome', 'text')
    .addColumn('authorization_url', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint(
      'payments_status_check',
      sql`status in ('initialized', 'success', 'failed')`,
    )
    .addCheckConstraint('payments_amount_check', sql`amount_kobo > 0`)
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();

  await db.schema
    .alterTable('orders')
    .addColumn('needs_refund', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('orders_needs_refund_idx')
    .on('orders')
    .column('event_id')
    .where(sql.ref('needs_refund'), '=', true)
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'jsonb').execute();
  await db.schema.alterTable('mail_outbox').addColumn('context', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('context').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  await db.schema.dropIndex('orders_needs_refund_idx').execute();
  await db.schema.alterTable('orders').dropColumn('needs_refund').execute();
  await db.schema.dropTable('payments').execute();
}
