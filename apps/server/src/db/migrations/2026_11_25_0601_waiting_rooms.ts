import { sql, type Kysely } from 'kysely';

/**
 * The waiting room (issue 14 §1, decision 034). One room per event, its settings and its
 * admission clock; `room_id` is new each time the room is turned on, so a new queue never
 * meets an old one's entries. Entries and used passes are here unless REDIS_URL is set.
 * `app_secrets` keeps the key that signs admission passes when none is configured, so every
 * process on this database signs with the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waiting_rooms')
    .addColumn('event_id', 'uuid', (c) =>
      c.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('room_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('on_sale_at', 'timestamptz', (c) => c.notNull())
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('pass_minutes', 'integer', (c) => c.notNull())
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(false))
    // The admission clock: `clock_base` places were admitted at `clock_at`, and from then
    // on `rate_per_minute` more each minute unless paused.
    .addColumn('clock_base', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('clock_at', 'timestamptz', (c) => c.notNull())
    // PostgreSQL store: pre-queue entries once ranked (null before), and the next rank.
    .addColumn('sealed_count', 'integer')
    .addColumn('next_rank', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('waiting_room_entries')
    .addColumn('room_id', 'uuid', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    // Pre-queue entries: a secret random draw, ranked by at the on-sale time.
    .addColumn('draw', 'double precision')
    .addColumn('rank', 'bigint')
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addColumn('admitted_at', 'timestamptz')
    .addPrimaryKeyConstraint('waiting_room_entries_pk', ['room_id', 'visitor_id'])
    .execute();
  await db.schema
    .createIndex('waiting_room_entries_rank_idx')
    .on('waiting_room_entries')
    .columns(['room_id', 'rank'])
    .execute();

  await db.schema
    .createTable('waiting_room_passes_used')
    .addColumn('room_id', 'uuid', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('waiting_room_passes_used_pk', ['room_id', 'visitor_id'])
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
  await db.schema.dropTable('waiting_room_passes_used').execute();
  await db.schema.dropTable('waiting_room_entries').execute();
  await db.schema.dropTable('waiting_rooms').execute();
}
