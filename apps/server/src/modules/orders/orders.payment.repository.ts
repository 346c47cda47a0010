import type { PaymentMethod } from '@gatepass/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrderRow } from './orders.table.ts';

/** Statements of paying for an order: choosing how, completing it, flagging money to refund. */

type Db = Kysely<Database>;

/** What completing an order writes: paid now, by this method, holding nothing any more. */
const completed = (payment: { method: PaymentMethod; ref: string | null }) => ({
  status: 'completed' as const,
  payment_method: payment.method,
  payment_ref: payment.ref,
  paid_at: sql<Date>`now()`,
  reserved_until: null,
  updated_at: sql<Date>`now()`,
});

/** Completes a pending order whose hold is still live; undefined when it is not. */
export function completePendingOrder(
  db: Db,
  id: string,
  payment: { method: 'test' | 'offline' | 'free'; ref: string | null },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set(completed(payment))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('reserved_until', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records how the buyer pays. Offline keeps the normal hold and stores the hash of the
 * link that confirms the buyer's email (and with it the long hold); any other method
 * drops such a link.
 */
export async function setPaymentMethod(
  db: Db,
  id: string,
  method: 'test' | 'offline' | 'paystack',
  holdTokenHash: string | null,
): Promise<OrderRow | undefined> {
  return (
    db
      .updateTable('orders')
      .set({
        payment_method: method,
        hold_token_hash: holdTokenHash,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('reserved_until', '>', sql<Date>`now()`)
      // Offline chosen again within a minute of its link being mailed: that link stands, and
      // no second one is sent (twenty clicks at once mail one link; decision 051).
      .where((eb) =>
        eb.not(
          eb.and([
            eb('payment_method', '=', method),
            eb('hold_token_hash', 'is not', null),
            eb('updated_at', '>', sql<Date>`now() - interval '60 seconds'`),
          ]),
        ),
      )
      .returningAll()
      .executeTakeFirst()
  );
}

/**
 * `setPaymentMethod` (no hold token) and the order's history line in one statement: a
 * data-modifying WITH is atomic on its own, so no transaction (BEGIN/COMMIT round trips)
 * is needed; the line is written only when the order was updated.
 */
export function setPaymentMethodLogged(
  db: Db,
  id: string,
  method: 'test' | 'paystack',
  detail: string,
): Promise<OrderRow | undefined> {
  return db
    .with('chosen', (qb) =>
      qb
        .updateTable('orders')
        .set({ payment_method: method, hold_token_hash: null, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('reserved_until', '>', sql<Date>`now()`)
        // The same choice again changes nothing and logs nothing (decision 051).
        .where('payment_method', 'is distinct from', method)
        .returningAll(),
    )
    .with('logged', (qb) =>
      qb
        .insertInto('order_history')
        .columns(['order_id', 'kind', 'detail'])
        .expression((eb) =>
          eb
            .selectFrom('chosen')
            .select([
              'chosen.id',
              sql<string>`${'payment_method'}`.as('kind'),
              sql<string>`${detail}`.as('detail'),
            ]),
        ),
    )
    .selectFrom('chosen')
    .selectAll()
    .executeTakeFirst() as Promise<OrderRow | undefined>;
}

/** Completes a locked order the caller checked (pending, or expired with its tickets taken again). */
export function completeLockedOrder(
  db: Db,
  id: string,
  from: 'pending' | 'expired',
  payment: { method: 'paystack'; ref: string },
): Promise<OrderRow> {
  return db
    .updateTable('orders')
    .set(completed(payment))
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Marks money the order could not take, for the organiser to refund. An unpaid order also
 * records the payment's method and reference, so the refund can be found at the provider.
 */
export async function flagNeedsRefund(
  db: Db,
  id: string,
  payment: { method: 'paystack'; ref: string } | null,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      needs_refund: true,
      updated_at: sql<Date>`now()`,
      ...(payment ? { payment_method: payment.method, payment_ref: payment.ref } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A pending order still holding its tickets holds them until `minutes` from now, or longer
 * if it already did (a Paystack transfer or USSD payment, decision 036).
 */
export function extendHold(
  db: Db,
  orderId: string,
  minutes: number,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({
      reserved_until: sql<Date>`greatest(reserved_until, now() + make_interval(mins => ${minutes}))`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .where('reserved_until', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/** The state of the order's latest Paystack refund; `flag`: to be refunded again. */
export async function setRefundState(
  db: Db,
  orderId: string,
  status: string,
  amountKobo: number,
  flag: boolean,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      refund_status: status,
      refund_kobo: amountKobo,
      ...(flag ? { needs_refund: true } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', orderId)
    .execute();
}

/** The state and amount of a refund Paystack accepted, as the order shows it. */
export async function setRefundSummary(
  db: Db,
  orderId: string,
  status: string,
  amountKobo: number,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refund_status: status, refund_kobo: amountKobo })
    .where('id', '=', orderId)
    .execute();
}

/** What initializing a Paystack payment needs of the order: its event and platform fee. */
export function findPaystackOrderFacts(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['event_id', 'fee_kobo'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}
