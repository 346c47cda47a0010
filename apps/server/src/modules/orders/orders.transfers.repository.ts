import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { holderColumns } from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

/** Statements of transfers (decision 033): re-issuing an order to its new holder. */

type Db = Kysely<Database>;

/** Whether a code is in use, or was an order's code before a transfer (never handed out again). */
export async function codeInUse(db: Db, code: string): Promise<boolean> {
  const [live, old] = await Promise.all([
    db.selectFrom('orders').select('id').where('code', '=', code).executeTakeFirst(),
    db.selectFrom('order_transfers').select('id').where('from_code', '=', code).executeTakeFirst(),
  ]);
  return live !== undefined || old !== undefined;
}

/**
 * Re-issues a completed, not checked-in order to its new holder under a new code and
 * access token, in one conditional UPDATE on the locked row: the old code stops matching
 * anything (the door, mark-attended and the lookup) the moment this commits.
 */
export function reissueOrder(
  db: Db,
  id: string,
  fromCode: string,
  to: {
    code: string;
    firstName: string;
    lastName: string;
    email: string;
    emailKey: string;
    phone: string;
    phoneKey: string;
  },
  accessTokenHash: string,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({
      code: to.code,
      ...holderColumns(to),
      access_token_hash: accessTokenHash,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('code', '=', fromCode)
    .where('status', '=', 'completed')
    .where('attended_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function insertTransfer(
  db: Db,
  row: {
    orderId: string;
    from: { code: string; firstName: string; lastName: string; email: string };
    to: { code: string; firstName: string; lastName: string; email: string };
    actorUserId: string | null;
  },
): Promise<Date> {
  const written = await db
    .insertInto('order_transfers')
    .values({
      order_id: row.orderId,
      from_code: row.from.code,
      to_code: row.to.code,
      from_first_name: row.from.firstName,
      from_last_name: row.from.lastName,
      from_email: row.from.email,
      to_first_name: row.to.firstName,
      to_last_name: row.to.lastName,
      to_email: row.to.email,
      actor_user_id: row.actorUserId,
    })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return written.created_at;
}

/**
 * How often an order changed hands in the last `seconds` (the daily limit, decision 050).
 * Read under the order's lock, by the database's clock.
 */
export async function countTransfersWithin(db: Db, orderId: string, seconds: number) {
  const row = await db
    .selectFrom('order_transfers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('order_id', '=', orderId)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the order changed hands in the last `seconds` (an organiser's repeated request). */
export async function transferredWithin(db: Db, orderId: string, seconds: number) {
  return (await countTransfersWithin(db, orderId, seconds)) > 0;
}

/** The buyer's lookup tokens of an order: a transfer ends them (the old holder's access). */
export async function deleteAccessTokens(db: Db, orderId: string): Promise<void> {
  await db.deleteFrom('order_access_tokens').where('order_id', '=', orderId).execute();
}
