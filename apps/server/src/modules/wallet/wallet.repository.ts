import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { orderLookup } from '../orders/orders.lookup.ts';
import type { WalletPassRow } from './wallet.table.ts';

export function findPass(db: Db, serial: string): Promise<WalletPassRow | undefined> {
  return db
    .selectFrom('wallet_passes')
    .selectAll()
    .where('serial_number', '=', serial)
    .executeTakeFirst();
}

/**
 * Records a pass handed out (or handed out again: only the first time of each kind is
 * kept). What it showed and when its order and event were read are the sweeper's start.
 */
export async function recordIssued(
  db: Db,
  row: {
    serial: string;
    orderId: string;
    code: string;
    holderName: string;
    contentHash: string;
    seenAt: Stamp;
    kind: 'apple' | 'google';
  },
): Promise<void> {
  const column = row.kind === 'apple' ? 'apple_issued_at' : 'google_issued_at';
  await db
    .insertInto('wallet_passes')
    .values({
      serial_number: row.serial,
      order_id: row.orderId,
      code: row.code,
      holder_name: row.holderName,
      content_hash: row.contentHash,
      seen_at: stamp(row.seenAt),
      [column]: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.column('serial_number').doUpdateSet({
        [column]: sql<Date>`coalesce(wallet_passes.${sql.ref(column)}, now())`,
      }),
    )
    .execute();
}

/** The order's passes (one per code it had when a pass was issued). */
export function passesOfOrder(db: Db, orderId: string): Promise<WalletPassRow[]> {
  return db.selectFrom('wallet_passes').selectAll().where('order_id', '=', orderId).execute();
}

/** What the pass shows changed: Last-Modified moves on, and the wallets are due a push. */
export function recordChange(db: Db, serial: string, contentHash: string): Promise<WalletPassRow> {
  return db
    .updateTable('wallet_passes')
    .set({ content_hash: contentHash, changed_at: sql<Date>`now()`, pending: true })
    .where('serial_number', '=', serial)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The sweeper's stamp: the newest change of the pass's order and event, as PostgreSQL's
 * text (microseconds: a JavaScript Date would round it down, and the pass would look
 * changed for ever).
 */
export type Stamp = string;
const stamp = (s: Stamp) => sql<Date>`${s}::timestamptz`;

export const stampOf = (db: Db, orderId: string): Promise<Stamp | undefined> =>
  orderLookup.changeStamp(db, orderId);

/**
 * Passes whose order or event changed since last compared, or whose push is still due,
 * leased to this sweeper for `leaseSeconds` (SKIP LOCKED: several app servers take
 * different passes, and a lease taken is not taken again until it runs out).
 */
export async function claimDue(
  db: Db,
  limit: number,
  leaseSeconds: number,
): Promise<WalletPassRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ serial_number: string }>`
      select p.serial_number
        from wallet_passes p
       where (p.pending or ${orderLookup.changedAtOf(sql.ref<string>('p.order_id'))} > p.seen_at)
         and (p.next_attempt_at is null or p.next_attempt_at <= now())
       order by p.next_attempt_at nulls first, p.serial_number
       limit ${limit}
         for update of p skip locked`.execute(trx);
    const serials = due.rows.map((r) => r.serial_number);
    if (serials.length === 0) return [];
    return trx
      .updateTable('wallet_passes')
      .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
      .where('serial_number', 'in', serials)
      .returningAll()
      .execute();
  });
}

/** Pushed (or nothing to push): compared up to `seenAt`, the lease given back. */
export async function settle(db: Db, serial: string, seenAt: Stamp): Promise<void> {
  await db
    .updateTable('wallet_passes')
    .set({
      pending: false,
      attempts: 0,
      next_attempt_at: null,
      last_error: null,
      seen_at: stamp(seenAt),
    })
    .where('serial_number', '=', serial)
    .execute();
}

/** A push failed: still pending, tried again after the backoff. */
export async function postpone(
  db: Db,
  serial: string,
  seenAt: Stamp,
  error: string,
  delaySeconds: number,
): Promise<void> {
  await db
    .updateTable('wallet_passes')
    .set({
      attempts: sql<number>`attempts + 1`,
      seen_at: stamp(seenAt),
      last_error: error.slice(0, 500),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where('serial_number', '=', serial)
    .execute();
}

// Apple's PassKit web service -----------------------------------------------------------

/** A device's registration for a pass's updates; true when it is new. */
export async function register(
  db: Db,
  device: string,
  serial: string,
  pushToken: string,
): Promise<boolean> {
  const existing = await db
    .selectFrom('wallet_registrations')
    .select('push_token')
    .where('device_library_id', '=', device)
    .where('serial_number', '=', serial)
    .executeTakeFirst();
  if (existing) {
    if (existing.push_token !== pushToken) {
      await db
        .updateTable('wallet_registrations')
        .set({ push_token: pushToken })
        .where('device_library_id', '=', device)
        .where('serial_number', '=', serial)
        .execute();
    }
    return false;
  }
  const inserted = await db
    .insertInto('wallet_registrations')
    .values({ device_library_id: device, serial_number: serial, push_token: pushToken })
    .onConflict((oc) => oc.columns(['device_library_id', 'serial_number']).doNothing())
    .returning('serial_number')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function unregister(db: Db, device: string, serial: string): Promise<boolean> {
  const res = await db
    .deleteFrom('wallet_registrations')
    .where('device_library_id', '=', device)
    .where('serial_number', '=', serial)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Push tokens of every device registered for the pass. */
export async function pushTokensOf(db: Db, serial: string): Promise<string[]> {
  const rows = await db
    .selectFrom('wallet_registrations')
    .select('push_token')
    .distinct()
    .where('serial_number', '=', serial)
    .execute();
  return rows.map((r) => r.push_token);
}

/** A device APNs says is gone (410): its registrations under that push token end. */
export async function forgetPushToken(db: Db, pushToken: string): Promise<void> {
  await db.deleteFrom('wallet_registrations').where('push_token', '=', pushToken).execute();
}

/** The device's passes and when each last changed. */
export function passesOfDevice(
  db: Db,
  device: string,
): Promise<{ serial_number: string; changed_at: Date }[]> {
  return db
    .selectFrom('wallet_registrations')
    .innerJoin('wallet_passes', 'wallet_passes.serial_number', 'wallet_registrations.serial_number')
    .select(['wallet_passes.serial_number', 'wallet_passes.changed_at'])
    .where('wallet_registrations.device_library_id', '=', device)
    .execute();
}
