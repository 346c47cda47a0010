import { expressionBuilder, sql, type Expression, type RawBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';

/**
 * Finances' sums over orders (decision 077): read-only, over completed orders of the
 * organiser's events, every amount summed in SQL as bigint kobo (never float). The orders
 * tables are this module's, so the statements are here; the organiser's events and their
 * titles are events' values (decision 065). Finances asks through `orderLookup.finances`;
 * its per-event figures are values lent into events' statements (`figuresOf`).
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

/** A sent ticket's own order is no sale of its own (decision 080): orders count its group. */
const ordersCount = sql<number>`(count(o.id) filter (where o.parent_order_id is null))::int`;

const figureColumns = [
  ordersCount.as('orders'),
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
    .where('o.event_id', 'in', eventLookup.idsOf({ ownerId: f.ownerId }))
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
    .select(ordersCount.as('orders'))
    .executeTakeFirstOrThrow();
  return row.orders;
}

const eb = expressionBuilder<Database, never>();

/** One event's completed orders of real money in the window: a one-row lateral subquery. */
const figuresOf = (f: FinanceFilters, eventId: Expression<string>) => {
  let query = eb
    .selectFrom('orders as o')
    .select(figureColumns)
    .where('o.event_id', '=', eventId)
    .where('o.status', '=', 'completed')
    .where(realMoney);
  if (f.from) query = query.where(paidAt, '>=', f.from);
  if (f.to) query = query.where(paidAt, '<', f.to);
  return query;
};

/**
 * One row per event that has been on sale (drafts left out), sales or not: the events are
 * events' (a derived table), each with its figures.
 */
export function perEvent(db: Db, f: FinanceFilters): Promise<EventFigureRow[]> {
  const events = eventLookup.eventsIn({
    ownerId: f.ownerId,
    eventId: f.eventId,
    status: 'on-sale',
  });
  return db
    .selectFrom(events.as('e'))
    .innerJoinLateral(figuresOf(f, sql.ref<string>('e.id')).as('f'), (join) => join.onTrue())
    .select(['e.id as event_id', 'e.title', 'e.slug', 'e.status', 'e.start_at'])
    .selectAll('f')
    .orderBy('f.gross_kobo', 'desc')
    .orderBy('e.start_at', (ob) => ob.desc().nullsLast())
    .orderBy('e.id')
    .execute();
}

export interface EventFigureRow extends FigureRow {
  event_id: string;
  title: string;
  slug: string;
  status: 'draft' | 'published' | 'cancelled';
  start_at: Date | null;
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
      ordersCount.as('orders'),
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
    eventLookup.titleOf(sql.ref<string>('o.event_id')).as('event_title'),
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
    .where('o.event_id', 'in', eventLookup.idsOf({ ownerId }))
    .where('o.status', '=', 'pending')
    .select([
      sql<number>`count(o.id)::int`.as('orders'),
      sql<number>`coalesce(sum(o.quantity), 0)::int`.as('tickets'),
    ])
    .executeTakeFirstOrThrow();
}

/** The next published events that have not ended, soonest first, with their figures. */
export function upcomingEvents(db: Db, ownerId: string, now: Date, limit: number) {
  const events = eventLookup.eventsIn({ ownerId, status: 'published', liveAt: now });
  return db
    .selectFrom(events.as('e'))
    .innerJoinLateral(
      (lateral) =>
        lateral
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
    .select([
      'e.id',
      'e.slug',
      'e.title',
      'e.start_at',
      'f.sold',
      'f.held',
      'f.gross_kobo',
      eventLookup.capacityOf(sql.ref<string>('e.id')).as('capacity'),
    ])
    .orderBy('e.start_at', (ob) => ob.asc().nullsLast())
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

// The payout ledger (issue 15 §2): values for payments' statement -------------------------

/** The order's code. */
export const codeOf = (orderId: Expression<string>) =>
  eb.selectFrom('orders as o').select('o.code').where('o.id', '=', orderId).$asScalar();

/** The title of the order's event. */
export const eventTitleOf = (orderId: Expression<string>) =>
  eb
    .selectFrom('orders as o')
    .select(eventLookup.titleOf(sql.ref<string>('o.event_id')).as('title'))
    .where('o.id', '=', orderId)
    .$asScalar();

/** The orders of the organiser's events (of one event when given): a subquery for `in`. */
export function idsOfEvents(set: { ownerId: string; eventId?: string | undefined }) {
  return eb
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.event_id', 'in', eventLookup.idsOf(set));
}
