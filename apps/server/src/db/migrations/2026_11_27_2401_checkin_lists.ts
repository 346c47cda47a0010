import { sql, type Kysely } from 'kysely';

/**
 * Doors by gate (issue 25 §4, decision 084).
 * - `checkin_lists`: an event's check-in lists ("VIP gate", "Main gate", "Day 2").
 * - `checkin_list_types`: the ticket types each list takes; an order is on a list when any
 *   of its ticket types is.
 * - `checkin_list_entries`: a list's own check-in state, one row per order let in at that
 *   list. The primary key (list, order) is what makes a burst of identical check-ins admit
 *   once: the insert that does not win does nothing.
 * - `checkin_log.list_id`: at which list a scan was made (null: the event-wide door), for
 *   the figures per list and per steward.
 * - `team_members.checkin_list_id`: the one list a door steward is given (team owns it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkin_lists')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('checkin_lists_event_name_idx')
    .on('checkin_lists')
    .expression(sql`event_id, lower(name)`)
    .unique()
    .execute();
  await db.schema
    .createTable('checkin_list_types')
    .addColumn('list_id', 'uuid', (c) =>
      c.notNull().references('checkin_lists.id').onDelete('cascade'),
    )
    .addColumn('ticket_type_id', 'uuid', (c) =>
      c.notNull().references('ticket_types.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('checkin_list_types_pk', ['list_id', 'ticket_type_id'])
    .execute();
  await db.schema
    .createTable('checkin_list_entries')
    .addColumn('list_id', 'uuid', (c) =>
      c.notNull().references('checkin_lists.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid')
    .addColumn('device_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('checkin_list_entries_pk', ['list_id', 'order_id'])
    .execute();
  await db.schema
    .alterTable('checkin_log')
    .addColumn('list_id', 'uuid', (c) => c.references('checkin_lists.id').onDelete('set null'))
    .execute();
  await sql`alter table checkin_log drop constraint checkin_log_result_check`.execute(db);
  await sql`alter table checkin_log add constraint checkin_log_result_check
    check (result in ('admitted', 'already_used', 'unknown', 'not_on_list'))`.execute(db);
  await db.schema
    .alterTable('team_members')
    .addColumn('checkin_list_id', 'uuid', (c) =>
      c.references('checkin_lists.id').onDelete('set null'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('team_members').dropColumn('checkin_list_id').execute();
  await sql`delete from checkin_log where result = 'not_on_list'`.execute(db);
  await sql`alter table checkin_log drop constraint checkin_log_result_check`.execute(db);
  await sql`alter table checkin_log add constraint checkin_log_result_check
    check (result in ('admitted', 'already_used', 'unknown'))`.execute(db);
  await db.schema.alterTable('checkin_log').dropColumn('list_id').execute();
  await db.schema.dropTable('checkin_list_entries').execute();
  await db.schema.dropTable('checkin_list_types').execute();
  await db.schema.dropTable('checkin_lists').execute();
}
