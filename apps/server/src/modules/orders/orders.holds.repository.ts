import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrderRow } from './orders.table.ts';

/** Statements of holds: pending orders that hold tickets, their sweep and the buyer's limits. */

type Db = Kysely<Database>;

/**
 * Ends holds that ran out: flips up to `limit` pending orders past `reserved_until` to
 * `expired` and returns them. SKIP LOCKED lets several processes sweep side by side, and a
 * payment completing the same order at the same moment either wins the row first (the
 * sweep skips it) or finds it expired.
 */
export function expireDueOrders(db: Db, limit: number, eventId?: string): Promise<OrderRow[]> {
  let due = db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('reserved_until', '<=', sql<Date>`now()`);
  if (eventId) due = due.where('event_id', '=', eventId);
  return db
    .updateTable('orders')
    .set({ status: 'expired', updated_at: sql<Date>`now()` })
    .where('id', 'in', due.orderBy('reserved_until').limit(limit).forUpdate().skipLocked())
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
}

/** The buyer keys of the open holds of an event held by any of these emails or phones. */
export function findOpenHoldKeys(
  db: Db,
  eventId: string,
  emailKeys: string[],
  phoneKeys: string[],
): Promise<{ email_key: string; phone_key: string }[]> {
  return db
    .selectFrom('orders')
    .select(['email_key', 'phone_key'])
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .where('reserved_until', '>', sql<Date>`now()`)
    .where((eb) => eb.or([eb('email_key', 'in', emailKeys), eb('phone_key', 'in', phoneKeys)]))
    .execute() as Promise<{ email_key: string; phone_key: string }[]>;
}

/** The pending offline order this confirmation link belongs to, while it still holds. */
export function findOrderByHoldToken(db: Db, tokenHash: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('hold_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Confirms an offline order's email: the link is used up and the order holds until
 * `until`. Undefined when the link was used meanwhile or the normal hold ran out first.
 */
export function confirmHold(
  db: Db,
  id: string,
  tokenHash: string,
  until: Date,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({
      reserved_until: until,
      hold_confirmed_at: sql<Date>`now()`,
      hold_token_hash: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('hold_token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('payment_method', '=', 'offline')
    .where('reserved_until', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/** The event's open holds (pending orders), soonest to lapse first. */
export function listOpenHolds(db: Db, eventId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .where('reserved_until', '>', sql<Date>`now()`)
    .orderBy('reserved_until')
    .orderBy('id')
    .limit(500)
    .execute();
}
