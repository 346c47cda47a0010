import { sql, type Kysely } from 'kysely';

/**
 * The organiser's tools: settings (public name, logo, payout account, defaults), the
 * buyer's order lookup tokens, and indexes for the orders list, its export and finances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organiser_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('public_name', 'text')
    .addColumn('logo_media_id', 'uuid', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('bank_name', 'text')
    .addColumn('account_number', 'text')
    .addColumn('account_name', 'text')
    .addColumn('default_fee_mode', 'text', (c) => c.notNull().defaultTo('pass'))
    .addColumn('order_notifications', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'organiser_settings_fee_mode_check',
      sql`default_fee_mode in ('pass', 'absorb')`,
    )
    .addCheckConstraint(
      'organiser_settings_account_number_check',
      sql`account_number is null or account_number ~ '^[0-9]{10}$'`,
    )
    .execute();

  /** Extra access tokens of an order, handed out by the email-checked lookup; they expire. */
  await db.schema
    .createTable('order_access_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('order_access_tokens_order_idx')
    .on('order_access_tokens')
    .column('order_id')
    .execute();

  // Finances: completed orders by payment time (the expression its queries filter and walk on).
  await sql`create index orders_completed_paid_idx on orders ((coalesce(paid_at, created_at)), id)
    where status = 'completed'`.execute(db);
  // The list and its streamed export walk newest first by (created_at, id): each export batch
  // is an index range scan from the last row seen, not a sort of the organiser's orders.
  await db.schema
    .createIndex('orders_created_id_idx')
    .on('orders')
    .columns(['created_at', 'id'])
    .execute();
  // Promo usage figures.
  await db.schema
    .createIndex('orders_promo_code_idx')
    .on('orders')
    .column('promo_code_id')
    .where(sql.ref('promo_code_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_promo_code_idx').execute();
  await db.schema.dropIndex('orders_created_id_idx').execute();
  await db.schema.dropIndex('orders_completed_paid_idx').execute();
  await db.schema.dropTable('order_access_tokens').execute();
  await db.schema.dropTable('organiser_settings').execute();
}
