import { sql, type Kysely } from 'kysely';

/**
 * The pre-queue cannot be farmed (issue 21 §5, decisions 054 and 055). Each room says how
 * many new places one internet address may take a minute and what joining the pre-queue
 * asks for (a proof of work, or a signed-in account). The PostgreSQL store counts each
 * address's new places per minute in `waiting_room_address_windows` (Redis keeps its own);
 * `granted` is what the last upsert let through, so one statement both counts and answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('waiting_rooms')
    .addColumn('places_per_address', 'integer', (c) => c.notNull().defaultTo(15))
    .execute();
  await db.schema
    .alterTable('waiting_rooms')
    .addColumn('join_check', 'text', (c) =>
      c
        .notNull()
        .defaultTo('work')
        .check(sql`join_check in ('work', 'account')`),
    )
    .execute();
  await db.schema
    .createTable('waiting_room_address_windows')
    .addColumn('room_id', 'uuid', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('places', 'integer', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('waiting_room_address_windows_pk', [
      'room_id',
      'address',
      'window_start',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waiting_room_address_windows').execute();
  await db.schema.alterTable('waiting_rooms').dropColumn('join_check').execute();
  await db.schema.alterTable('waiting_rooms').dropColumn('places_per_address').execute();
}
