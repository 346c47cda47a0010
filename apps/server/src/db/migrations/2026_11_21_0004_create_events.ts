import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Unique: two creates racing for one title are decided here (the loser retries).
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('Other'))
    .addColumn('cover_image_id', 'uuid', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('venue_name', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('online_url', 'text')
    .addColumn('start_at', 'timestamptz')
    .addColumn('end_at', 'timestamptz')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Africa/Lagos'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('fee_mode', 'text', (c) => c.notNull().defaultTo('pass'))
    .addColumn('cancel_reason', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_status_check', sql`status in ('draft', 'published', 'cancelled')`)
    .addCheckConstraint('events_visibility_check', sql`visibility in ('public', 'unlisted')`)
    .addCheckConstraint('events_fee_mode_check', sql`fee_mode in ('pass', 'absorb')`)
    .execute();
  await db.schema
    .createIndex('events_owner_id_idx')
    .on('events')
    .columns(['owner_id', 'created_at'])
    .execute();
  // The public list: published, public, not yet ended, by start.
  await db.schema
    .createIndex('events_public_start_idx')
    .on('events')
    .columns(['start_at'])
    .where(sql.ref('status'), '<>', 'draft')
    .execute();

  await db.schema
    .createTable('ticket_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('price_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_per_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_per_order', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('sales_start_at', 'timestamptz')
    .addColumn('sales_end_at', 'timestamptz')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ticket_types_price_check', sql`price_kobo >= 0`)
    // Never oversell: the counter can never pass the capacity, whatever the code does.
    .addCheckConstraint('ticket_types_sold_check', sql`sold >= 0 and sold <= capacity`)
    .addCheckConstraint(
      'ticket_types_per_order_check',
      sql`min_per_order >= 1 and max_per_order >= min_per_order`,
    )
    .execute();
  await db.schema
    .createIndex('ticket_types_event_id_idx')
    .on('ticket_types')
    .columns(['event_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_types').execute();
  await db.schema.dropTable('events').execute();
}
