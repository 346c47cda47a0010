import { sql, type Kysely } from 'kysely';

/**
 * A name on every ticket (issue 25 §2, decision 080). `orders.ticket_names`: the holders the
 * buyer named for their order's tickets, by ticket number (null while none is named, so an
 * order without names carries nothing). `orders.parent_order_id`: a ticket named and sent to
 * its holder becomes an order of its own (one ticket, its own code, QR and access token, no
 * money: the money stays on the order it came from). `events.ticket_names_until`: the
 * organiser's cut-off for naming tickets (null: until the event starts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('parent_order_id', 'uuid', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('ticket_names', 'jsonb')
    .execute();
  await sql`create index orders_parent_order_id_idx on orders (parent_order_id)
    where parent_order_id is not null`.execute(db);
  await db.schema.alterTable('events').addColumn('ticket_names_until', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('ticket_names_until').execute();
  await db.schema
    .alterTable('orders')
    .dropColumn('ticket_names')
    .dropColumn('parent_order_id')
    .execute();
}
