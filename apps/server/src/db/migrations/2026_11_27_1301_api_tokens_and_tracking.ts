import { sql, type Kysely } from 'kysely';

/**
 * Issue 26 §2 and §4 (decisions 070, 071).
 *
 * - `api_tokens`: an owner's API tokens. Only the SHA-256 of the secret is kept; `prefix` is
 *   its first characters, shown in the list so the owner can tell tokens apart. `event_ids`
 *   null: every event of the organiser. A revoked token keeps its row (the list shows it).
 * - `tracking_links`: per event, a name and the code of its `?ref=` link.
 * - `tracking_views`: page views in aggregate rows, one per event × link × channel
 *   (`link_id` null: no link; `via` 'page' or 'widget'); never one row per visit.
 * - `order_sources`: where each checkout came from, written when the order is made; the
 *   checkout starts, orders and revenue per source are read from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organiser_id', 'uuid', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) =>
      c.notNull().check(sql`scope in ('read', 'checkin', 'manage')`),
    )
    .addColumn('event_ids', sql`uuid[]`)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('api_tokens_organiser_idx')
    .on('api_tokens')
    .columns(['organiser_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('tracking_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tracking_links_event_code_key', ['event_id', 'code'])
    .addUniqueConstraint('tracking_links_event_name_key', ['event_id', 'name'])
    .execute();

  await db.schema
    .createTable('tracking_views')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    // The nil uuid stands for "no link", so the three columns can be the primary key.
    .addColumn('link_id', 'uuid', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('page', 'widget')`))
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tracking_views_pkey', ['event_id', 'link_id', 'via'])
    .execute();

  await db.schema
    .createTable('order_sources')
    .addColumn('order_id', 'uuid', (c) =>
      c.primaryKey().references('orders.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('link_id', 'uuid', (c) => c.references('tracking_links.id').onDelete('set null'))
    .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('page', 'widget')`))
    .addColumn('total_kobo', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('order_sources_event_idx')
    .on('order_sources')
    .columns(['event_id', 'link_id', 'via'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_sources').execute();
  await db.schema.dropTable('tracking_views').execute();
  await db.schema.dropTable('tracking_links').execute();
  await db.schema.dropTable('api_tokens').execute();
}
