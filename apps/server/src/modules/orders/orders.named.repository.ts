import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrderRow, TicketNames } from './orders.table.ts';

/** Statements of named tickets (issue 25 §2, decision 080). */

type Db = Kysely<Database>;

/** Writes the order's named holders (the whole list, under the order's lock). */
export function setTicketNames(db: Db, orderId: string, names: TicketNames) {
  return db
    .updateTable('orders')
    .set({
      ticket_names: sql<TicketNames>`${JSON.stringify(names)}::jsonb`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The group order gives one ticket to its own order: one fewer to admit, the ticket's
 * number recorded as sent. Conditional on the quantity read under the lock.
 */
export function giveTicketAway(db: Db, order: OrderRow, names: TicketNames) {
  return db
    .updateTable('orders')
    .set({
      quantity: sql<number>`quantity - 1`,
      ticket_names: sql<TicketNames>`${JSON.stringify(names)}::jsonb`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', order.id)
    .where('quantity', '=', order.quantity)
    .where('status', '=', 'completed')
    .where('attended_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A sent ticket's own order: one ticket, no money (the group order keeps it). */
export function insertTicketOrder(
  db: Db,
  parent: OrderRow,
  row: {
    code: string;
    firstName: string;
    lastName: string;
    email: string;
    emailKey: string;
    phone: string;
    phoneKey: string;
    accessTokenHash: string;
  },
) {
  return db
    .insertInto('orders')
    .values({
      code: row.code,
      event_id: parent.event_id,
      buyer_user_id: null,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      phone: row.phone,
      email_key: row.emailKey,
      phone_key: row.phoneKey,
      status: 'completed',
      payment_method: parent.payment_method,
      payment_ref: null,
      quantity: 1,
      subtotal_kobo: 0,
      discount_kobo: 0,
      fee_kobo: 0,
      total_kobo: 0,
      fee_mode: parent.fee_mode,
      promo_code_id: null,
      access_token_hash: row.accessTokenHash,
      reserved_until: null,
      paid_at: parent.paid_at,
      attended_at: null,
      attended_by: null,
      cancelled_at: null,
      hold_token_hash: null,
      hold_confirmed_at: null,
      parent_order_id: parent.id,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The tickets a group order sent to their holders (their own orders). */
export function findTicketOrders(db: Db, parentId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('parent_order_id', '=', parentId)
    .orderBy('created_at')
    .execute();
}

/** The code of the group order a sent ticket came from. */
export async function findParentCode(db: Db, parentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('code')
    .where('id', '=', parentId)
    .executeTakeFirst();
  return row?.code;
}

/**
 * A group order that ends (cancelled, refunded) takes the tickets it sent with it, in the
 * same transaction (decision 080). Returns the tickets' orders that ended.
 */
export function endTicketOrders(db: Db, parentId: string, to: 'cancelled' | 'refunded') {
  return db
    .updateTable('orders')
    .set({ status: to, cancelled_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('parent_order_id', '=', parentId)
    .where('status', '=', 'completed')
    .returningAll()
    .execute();
}
