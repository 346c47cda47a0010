import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** Percent (1–100) or fixed kobo, by kind. */
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('promo_codes_event_code_key', ['event_id', 'code'])
    .addCheckConstraint('promo_codes_kind_check', sql`kind in ('percent', 'fixed')`)
    .addCheckConstraint(
      'promo_codes_uses_check',
      sql`uses >= 0 and (max_uses is null or uses <= max_uses)`,
    )
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('restrict'))
    .addColumn('buyer_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text')
    .addColumn('payment_ref', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('subtotal_kobo', 'bigint', (c) => c.notNull())
    .addColumn('discount_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_kobo', 'bigint', (c) => c.notNull())
    .addColumn('fee_mode', 'text', (c) => c.notNull())
    .addColumn('promo_code_id', 'uuid', (c) => c.references('promo_codes.id').onDelete('set null'))
    .addColumn('access_token_hash', 'text', (c) => c.notNull())
    .addColumn('reserved_until', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('attended_at', 'timestamptz')
    .addColumn('attended_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'orders_status_check',
      sql`status in ('pending', 'completed', 'cancelled', 'refunded', 'expired')`,
    )
    .addCheckConstraint(
      'orders_money_check',
      sql`subtotal_kobo >= 0 and discount_kobo >= 0 and fee_kobo >= 0 and total_kobo >= 0`,
    )
    .addCheckConstraint('orders_code_check', sql`code ~ '^[0-9]{8}$'`)
    .execute();
  await db.schema
    .createIndex('orders_event_status_idx')
    .on('orders')
    .columns(['event_id', 'status'])
    .execute();
  await db.schema
    .createIndex('orders_event_created_idx')
    .on('orders')
    .columns(['event_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('orders_pending_hold_idx')
    .on('orders')
    .column('reserved_until')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('orders_email_idx').on('orders').column('email').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('ticket_type_id', 'uuid', (c) =>
      c.notNull().references('ticket_types.id').onDelete('restrict'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_kobo', 'bigint', (c) => c.notNull())
    .addCheckConstraint('order_items_quantity_check', sql`quantity > 0`)
    .execute();
  await db.schema
    .createIndex('order_items_order_id_idx')
    .on('order_items')
    .column('order_id')
    .execute();
  await db.schema
    .createIndex('order_items_ticket_type_idx')
    .on('order_items')
    .column('ticket_type_id')
    .execute();

  /** Everything that happened to an order, for the organiser's history and audits. */
  await db.schema
    .createTable('order_history')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('order_history_order_idx')
    .on('order_history')
    .columns(['order_id', 'created_at'])
    .execute();

  /** One row per code a door device sent: who checked what in, when, and what it found. */
  await db.schema
    .createTable('checkin_log')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'checkin_log_result_check',
      sql`result in ('admitted', 'already_used', 'unknown')`,
    )
    .execute();
  await db.schema
    .createIndex('checkin_log_event_idx')
    .on('checkin_log')
    .columns(['event_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['checkin_log', 'order_history', 'order_items', 'orders', 'promo_codes']) {
    await db.schema.dropTable(table).execute();
  }
}
