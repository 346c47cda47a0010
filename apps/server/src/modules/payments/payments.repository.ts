import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { orderLookup } from '../orders/orders.lookup.ts';
import type { PaymentOutcome, PaymentRow } from './payments.table.ts';

type Db = Kysely<Database>;

export async function insertPayment(
  db: Db,
  payment: {
    orderId: string;
    reference: string;
    amountKobo: number;
    currency: string;
    channels?: readonly string[] | undefined;
    split?: { subaccount: string; platformChargeKobo: number } | undefined;
  },
): Promise<PaymentRow> {
  return db
    .insertInto('payments')
    .values({
      order_id: payment.orderId,
      provider: 'paystack',
      reference: payment.reference,
      amount_kobo: payment.amountKobo,
      currency: payment.currency,
      outcome: null,
      authorization_url: null,
      provider_status: null,
      settled_at: null,
      channels: payment.channels ? payment.channels.join(',') : null,
      subaccount_code: payment.split?.subaccount ?? null,
      platform_charge_kobo: payment.split?.platformChargeKobo ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setAuthorizationUrl(db: Db, id: string, url: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ authorization_url: url, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export function findByReference(db: Db, reference: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** Locked until the transaction ends: a webhook and the buyer's return settle one at a time. */
export function lockByReference(db: Db, reference: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
}

export function latestForOrder(db: Db, orderId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function markSettled(
  db: Db,
  id: string,
  outcome: PaymentOutcome,
  providerStatus: string,
  paid: {
    channel?: string | null | undefined;
    feesKobo?: number | null | undefined;
    receivedKobo?: number | undefined;
    receivedCurrency?: string | undefined;
  } = {},
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      status: 'success',
      outcome,
      provider_status: providerStatus,
      received_kobo: paid.receivedKobo ?? null,
      received_currency: paid.receivedCurrency ?? null,
      channel: paid.channel ?? null,
      fees_kobo: paid.feesKobo ?? null,
      settled_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** A payment the provider says failed; a settled one is never turned back. */
export async function markFailed(db: Db, id: string, providerStatus: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', provider_status: providerStatus, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'initialized')
    .execute();
}

/**
 * Settled payments of an order that the order could not take (late, wrong amount, paid
 * twice) and that have not been refunded yet.
 */
export function unrefundedForRefund(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'success')
    .where('outcome', '=', 'needs_refund')
    .where('refund_id', 'is', null)
    .orderBy('created_at')
    .execute();
}

/** Keeps the refund Paystack accepted; a payment's first recorded refund is never replaced. */
export async function recordRefund(
  db: Db,
  id: string,
  refund: { id: string; status: string; amountKobo: number },
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      refund_id: refund.id,
      refund_status: refund.status,
      refund_amount_kobo: refund.amountKobo,
      refunded_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('refund_id', 'is', null)
    .execute();
}

/**
 * A refund's new state from Paystack's webhook, on the payment it refunds (locked by the
 * caller). A failed refund forgets the refund; with `flag` (money the order does not keep)
 * it also marks the payment as one to refund, so the organiser's refund action sends it
 * again. The amount is the caller's, already capped at what was received.
 */
export async function applyRefundState(
  db: Db,
  payment: PaymentRow,
  state: { status: string; amountKobo: number; refundReference: string | null; flag: boolean },
): Promise<void> {
  await db
    .updateTable('payments')
    .set(
      state.status === 'failed'
        ? {
            refund_id: null,
            refund_status: 'failed',
            refunded_at: null,
            ...(state.flag ? { outcome: 'needs_refund' as const } : {}),
            updated_at: sql<Date>`now()`,
          }
        : {
            refund_id: payment.refund_id ?? state.refundReference ?? 'paystack-webhook',
            refund_status: state.status,
            refund_amount_kobo: state.amountKobo,
            refunded_at: payment.refunded_at ?? sql<Date>`now()`,
            updated_at: sql<Date>`now()`,
          },
    )
    .where('id', '=', payment.id)
    .execute();
}

/** The demo seed only: moves an order's payments back in time with the order it placed. */
export async function backdatePayments(db: Db, orderId: string, seconds: number): Promise<void> {
  const by = sql<string>`${`${Math.round(seconds)} seconds`}::interval`;
  await db
    .updateTable('payments')
    .set({
      created_at: sql<Date>`created_at - ${by}`,
      settled_at: sql<Date>`settled_at - ${by}`,
    })
    .where('order_id', '=', orderId)
    .execute();
}

// The payout ledger (issue 15 §2; finances asks) ------------------------------------------

/** The organiser (one event of theirs when given) and the settlement window [from, to). */
export interface PayoutFilters {
  ownerId: string;
  eventId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface PayoutPaymentRow {
  order_id: string;
  code: string;
  event_title: string;
  reference: string;
  channel: string | null;
  amount_kobo: number;
  fees_kobo: number | null;
  platform_charge_kobo: number | null;
  settled_at: Date | null;
  refund_id: string | null;
  refund_status: string | null;
  refund_amount_kobo: number | null;
  refunded_at: Date | null;
}

/**
 * The organiser's Paystack payments that were split with their subaccount (so Paystack
 * settles their share to their bank), paid in the filter's window, in payment order. A
 * payment's refund is in the same row. At most `limit` rows.
 */
export function payoutPayments(
  db: Db,
  f: PayoutFilters,
  limit: number,
): Promise<PayoutPaymentRow[]> {
  const order = sql.ref<string>('p.order_id');
  let query = db
    .selectFrom('payments as p')
    .select([
      'p.order_id',
      orderLookup.codeOf(order).as('code'),
      orderLookup.eventTitleOf(order).as('event_title'),
      'p.reference',
      'p.channel',
      'p.amount_kobo',
      'p.fees_kobo',
      'p.platform_charge_kobo',
      'p.settled_at',
      'p.refund_id',
      'p.refund_status',
      'p.refund_amount_kobo',
      'p.refunded_at',
    ])
    // The organiser's orders (of one event when given) are orders' and events' to say.
    .where('p.order_id', 'in', orderLookup.idsOfEvents({ ownerId: f.ownerId, eventId: f.eventId }))
    .where('p.status', '=', 'success')
    .where('p.subaccount_code', 'is not', null);
  if (f.from) query = query.where('p.settled_at', '>=', f.from);
  if (f.to) query = query.where('p.settled_at', '<', f.to);
  return query.orderBy('p.settled_at').orderBy('p.id').limit(limit).execute();
}
