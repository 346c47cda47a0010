import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database>;

/**
 * Finances are read-only sums over completed orders of the organiser's events. Every
 * amount is summed in SQL as bigint kobo (never float) and read back as a number.
 */
export interface FinanceFilters {
  ownerId: string;
  eventId?: string | undefined;
  /** Bounds of the payment time, half-open [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface FigureRow {
  orders: number;
  tickets: number;
  face_kobo: number;
  discount_kobo: number;
  gross_kobo: number;
  fee_kobo: number;
  fee_passed_kobo: number;
  fee_absorbed_kobo: number;
  net_kobo: number;
}

/** When a completed order counts: when it was paid (free orders: when placed). */
const paidAt = sql<Date>`coalesce(o.paid_at, o.created_at)`;

/**
 * Real money only: an order paid with the TEST provider (test mode) moved none, so it is
 * left out of every sum and counted apart (decision 023).
 */
const realMoney = sql<boolean>`o.payment_method is distinct from 'test'`;

const kobo = <A extends string>(expr: RawBuilder<unknown>, alias: A) =>
  sql<number>`coalesce(sum(${expr}), 0)::bigint`.as(alias);

const figureColumns = [
  sql<number>`count(o.id)::int`.as('orders'),
  sql<number>`coalesce(sum(o.quantity), 0)::int`.as('tickets'),
  kobo(sql`o.subtotal_kobo`, 'face_kobo'),
  kobo(sql`o.discount_kobo`, 'discount_kobo'),
  kobo(sql`o.total_kobo`, 'gross_kobo'),
  kobo(sql`o.fee_kobo`, 'fee_kobo'),
  kobo(sql`case when o.fee_mode = 'pass' then o.fee_kobo else 0 end`, 'fee_passed_kobo'),
  kobo(sql`case when o.fee_mode = 'absorb' then o.fee_kobo else 0 end`, 'fee_absorbed_kobo'),
  kobo(sql`o.total_kobo - o.fee_kobo`, 'net_kobo'),
] as const;

function completedOrders(db: Db, f: FinanceFilters, test = false) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .where('e.owner_id', '=', f.ownerId)
    .where('o.status', '=', 'completed')
    .where(test ? sql<boolean>`not ${realMoney}` : realMoney);
  if (f.eventId) query = query.where('o.event_id', '=', f.eventId);
  if (f.from) query = query.where(paidAt, '>=', f.from);
  if (f.to) query = query.where(paidAt, '<', f.to);
  return query;
}

export function totals(db: Db, f: FinanceFilters): Promise<FigureRow> {
  return completedOrders(db, f).select(figureColumns).executeTakeFirstOrThrow();
}

/** How many completed orders of the filter were paid with the TEST provider (left out). */
export async function testOrders(db: Db, f: FinanceFilters): Promise<number> {
  const row = await completedOrders(db, f, true)
    .select(sql<number>`count(o.id)::int`.as('orders'))
    .executeTakeFirstOrThrow();
  return row.orders;
}

export interface EventFigureRow extends FigureRow {
  event_id: string;
  title: string;
  slug: string;
  status: 'draft' | 'published' | 'cancelled';
  start_at: Date | null;
}

/** One row per event that has been on sale (drafts left out), sales or not. */
export function perEvent(db: Db, f: FinanceFilters): Promise<EventFigureRow[]> {
  let query = db
    .selectFrom('events as e')
    .leftJoin('orders as o', (join) => {
      let on = join.onRef('o.event_id', '=', 'e.id').on('o.status', '=', 'completed').on(realMoney);
      if (f.from) on = on.on(paidAt, '>=', f.from);
      if (f.to) on = on.on(paidAt, '<', f.to);
      return on;
    })
    .where('e.owner_id', '=', f.ownerId)
    .where('e.status', '<>', 'draft');
  if (f.eventId) query = query.where('e.id', '=', f.eventId);
  return query
    .select(['e.id as event_id', 'e.title', 'e.slug', 'e.status', 'e.start_at'])
    .select(figureColumns)
    .groupBy('e.id')
    .orderBy(sql`coalesce(sum(o.total_kobo), 0)`, 'desc')
    .orderBy('e.start_at', (ob) => ob.desc().nullsLast())
    .orderBy('e.id')
    .execute();
}

export interface DayRow {
  day: string;
  orders: number;
  tickets: number;
  gross_kobo: number;
  net_kobo: number;
}

/** Sales per calendar day in `timeZone`, days with sales only, oldest first. */
export function daily(db: Db, f: FinanceFilters, timeZone: string): Promise<DayRow[]> {
  const day = sql<string>`to_char((${paidAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  return completedOrders(db, f)
    .select([
      day.as('day'),
      sql<number>`count(o.id)::int`.as('orders'),
      sql<number>`coalesce(sum(o.quantity), 0)::int`.as('tickets'),
      kobo(sql`o.total_kobo`, 'gross_kobo'),
      kobo(sql`o.total_kobo - o.fee_kobo`, 'net_kobo'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}

export interface FinanceExportRow {
  id: string;
  code: string;
  event_title: string;
  paid_at: Date;
  quantity: number;
  subtotal_kobo: number;
  discount_kobo: number;
  fee_kobo: number;
  fee_mode: 'pass' | 'absorb';
  total_kobo: number;
  payment_method: string | null;
  payment_ref: string | null;
  cursor_at: string;
}

/** The next batch of completed orders by payment time (keyset on the exact time and id). */
export function exportBatch(
  db: Db,
  f: FinanceFilters,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<FinanceExportRow[]> {
  let query = completedOrders(db, f).select([
    'o.id',
    'o.code',
    'e.title as event_title',
    paidAt.as('paid_at'),
    'o.quantity',
    'o.subtotal_kobo',
    'o.discount_kobo',
    'o.fee_kobo',
    'o.fee_mode',
    'o.total_kobo',
    'o.payment_method',
    'o.payment_ref',
    sql<string>`${paidAt}::text`.as('cursor_at'),
  ]);
  if (after)
    query = query.where(
      sql<boolean>`(${paidAt}, o.id) > (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  return query.orderBy(paidAt).orderBy('o.id').limit(limit).execute();
}

// The organiser's home ------------------------------------------------------------------

export async function pendingFigures(
  db: Db,
  ownerId: string,
): Promise<{ orders: number; tickets: number }> {
  return db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .where('e.owner_id', '=', ownerId)
    .where('o.status', '=', 'pending')
    .select([
      sql<number>`count(o.id)::int`.as('orders'),
      sql<number>`coalesce(sum(o.quantity), 0)::int`.as('tickets'),
    ])
    .executeTakeFirstOrThrow();
}

/** The next published events that have not ended, soonest first, with their figures. */
export function upcomingEvents(db: Db, ownerId: string, now: Date, limit: number) {
  return db
    .selectFrom('events as e')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('orders as o')
          .select([
            sql<number>`coalesce(sum(o.quantity) filter (where o.status = 'completed'), 0)::int`.as(
              'sold',
            ),
            sql<number>`coalesce(sum(o.quantity) filter (where o.status = 'pending'), 0)::int`.as(
              'held',
            ),
            sql<number>`coalesce(sum(o.total_kobo) filter (where o.status = 'completed' and ${realMoney}), 0)::bigint`.as(
              'gross_kobo',
            ),
          ])
          .whereRef('o.event_id', '=', 'e.id')
          .as('f'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('ticket_types as t')
          .select(sql<number>`coalesce(sum(t.capacity), 0)::int`.as('capacity'))
          .whereRef('t.event_id', '=', 'e.id')
          .as('c'),
      (join) => join.onTrue(),
    )
    .where('e.owner_id', '=', ownerId)
    .where('e.status', '=', 'published')
    .where((eb) => eb.or([eb('e.end_at', 'is', null), eb('e.end_at', '>', now)]))
    .select([
      'e.id',
      'e.slug',
      'e.title',
      'e.start_at',
      'f.sold',
      'f.held',
      'f.gross_kobo',
      'c.capacity',
    ])
    .orderBy('e.start_at', (ob) => ob.asc().nullsLast())
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

// The payout ledger (issue 15 §2) ---------------------------------------------------------

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
  f: FinanceFilters,
  limit: number,
): Promise<PayoutPaymentRow[]> {
  let query = db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .select([
      'o.id as order_id',
      'o.code',
      'e.title as event_title',
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
    .where('e.owner_id', '=', f.ownerId)
    .where('p.status', '=', 'success')
    .where('p.subaccount_code', 'is not', null);
  if (f.eventId) query = query.where('e.id', '=', f.eventId);
  if (f.from) query = query.where('p.settled_at', '>=', f.from);
  if (f.to) query = query.where('p.settled_at', '<', f.to);
  return query.orderBy('p.settled_at').orderBy('p.id').limit(limit).execute();
}
