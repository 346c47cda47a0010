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

/** One order of a group completion: its id, how it was paid and its history line. */
export interface GroupPayment {
  id: string;
  method: 'test' | 'offline';
  ref: string | null;
  detail: string;
  actorUserId: string | null;
}

/**
 * Completes the pending orders of a group whose holds are still live (decision 092), and
 * writes each completed order's history line, in one statement: the UPDATE's condition
 * (`pending`, `reserved_until > now()`) is what keeps a payment from completing an order
 * twice or after its hold ran out — the sweeper ends such holds under the same row lock.
 * Orders it does not complete are simply not returned. Ids must be distinct.
 */
export async function completePendingOrders(db: Db, payments: GroupPayment[]): Promise<OrderRow[]> {
  if (payments.length === 0) return [];
  const ids = payments.map((p) => p.id);
  const methods = payments.map((p) => p.method);
  const refs = payments.map((p) => p.ref);
  const details = payments.map((p) => p.detail);
  const actors = payments.map((p) => p.actorUserId);
  const { rows } = await sql<OrderRow>`
    with paid as (
      update orders as o
      set status = 'completed', payment_method = p.method, payment_ref = p.ref,
        paid_at = now(), reserved_until = null, updated_at = now()
      from unnest(${ids}::uuid[], ${methods}::text[], ${refs}::text[])
        as p(id, method, ref)
      where o.id = p.id and o.status = 'pending' and o.reserved_until > now()
      returning o.*
    ), logged as (
      insert into order_history (order_id, kind, detail, actor_user_id)
      select paid.id, 'paid', h.detail, h.actor
      from paid
      join unnest(${ids}::uuid[], ${details}::text[], ${actors}::uuid[]) as h(id, detail, actor)
        on h.id = paid.id
    )
    select * from paid`.execute(db);
  return rows;
}

/**
 * Records how each buyer of a group pays (TEST or a provider) with its history line, in one
 * statement (decisions 049, 092): only orders still pending with a live hold, and not those
 * that chose the same way already (decision 051), are changed and logged. Returns the
 * changed rows. Ids must be distinct.
 */
export async function setPaymentMethodsLogged(
  db: Db,
  choices: { id: string; method: 'test' | 'paystack'; detail: string }[],
): Promise<OrderRow[]> {
  if (choices.length === 0) return [];
  const ids = choices.map((c) => c.id);
  const methods = choices.map((c) => c.method);
  const details = choices.map((c) => c.detail);
  const { rows } = await sql<OrderRow>`
    with chosen as (
      update orders as o
      set payment_method = c.method, hold_token_hash = null, updated_at = now()
      from unnest(${ids}::uuid[], ${methods}::text[]) as c(id, method)
      where o.id = c.id and o.status = 'pending' and o.reserved_until > now()
        and o.payment_method is distinct from c.method
      returning o.*
    ), logged as (
      insert into order_history (order_id, kind, detail)
      select chosen.id, 'payment_method', h.detail
      from chosen
      join unnest(${ids}::uuid[], ${details}::text[]) as h(id, detail) on h.id = chosen.id
    )
    select * from chosen`.execute(db);
  return rows;
}
