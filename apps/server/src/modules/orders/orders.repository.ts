import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { allColumns, recordset } from '../../db/recordset.ts';
import { endTicketOrders } from './orders.named.repository.ts';
import type { OrderItemRow, OrderRow, TicketNames } from './orders.table.ts';

/**
 * The orders' core rows: an order, its items and its history line, read and written by
 * every room of the module (decision 060). Each room keeps its own statements beside it:
 * orders.payment.repository.ts, orders.holds.repository.ts, orders.door.repository.ts,
 * orders.transfers.repository.ts.
 */

type Db = Kysely<Database>;

export interface NewOrder {
  code: string;
  eventId: string;
  buyerUserId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The buyer's email and phone normalised (orders.limits.ts). */
  emailKey: string;
  phoneKey: string;
  status: 'pending' | 'completed';
  paymentMethod: 'free' | null;
  quantity: number;
  subtotalKobo: number;
  discountKobo: number;
  feeKobo: number;
  totalKobo: number;
  feeMode: 'pass' | 'absorb';
  promoCodeId: string | null;
  accessTokenHash: string;
  reservedUntil: Date | null;
  paidAt: Date | null;
  /** The holders named at checkout (decision 080); absent: none, and no column written. */
  ticketNames?: TicketNames | undefined;
}

export interface NewOrderItem {
  orderId: string;
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPriceKobo: number;
  /** People each ticket admits, when not 1 (a table, a donation: decision 086). */
  admits?: number | undefined;
}

/** Who holds an order, as its columns (a new order's buyer, a transfer's new holder). */
export const holderColumns = (
  h: Pick<NewOrder, 'firstName' | 'lastName' | 'email' | 'phone' | 'emailKey' | 'phoneKey'>,
) => ({
  first_name: h.firstName,
  last_name: h.lastName,
  email: h.email,
  phone: h.phone,
  email_key: h.emailKey,
  phone_key: h.phoneKey,
});

const orderValues = (order: NewOrder) => ({
  code: order.code,
  event_id: order.eventId,
  buyer_user_id: order.buyerUserId,
  ...holderColumns(order),
  hold_token_hash: null,
  hold_confirmed_at: null,
  status: order.status,
  payment_method: order.paymentMethod,
  payment_ref: null,
  quantity: order.quantity,
  subtotal_kobo: order.subtotalKobo,
  discount_kobo: order.discountKobo,
  fee_kobo: order.feeKobo,
  total_kobo: order.totalKobo,
  fee_mode: order.feeMode,
  promo_code_id: order.promoCodeId,
  access_token_hash: order.accessTokenHash,
  reserved_until: order.reservedUntil,
  paid_at: order.paidAt,
  attended_at: null,
  attended_by: null,
  cancelled_at: null,
  // A JSON value, not its text (recordset): null when no holder is named.
  ticket_names: order.ticketNames?.length ? order.ticketNames : null,
});

/** A line's columns but its order's: the line as written, admitting one unless it says otherwise. */
export const lineColumns = (line: Omit<NewOrderItem, 'orderId'>) => ({
  ticket_type_id: line.ticketTypeId,
  name: line.name,
  quantity: line.quantity,
  unit_price_kobo: line.unitPriceKobo,
  admits: line.admits ?? 1,
});

/** A history line's columns but its order's. */
const historyColumns = (e: {
  kind: string;
  detail?: string | null;
  actorUserId?: string | null;
}) => ({
  kind: e.kind,
  detail: e.detail ?? null,
  actor_user_id: e.actorUserId ?? null,
});

/** Every column orderValues gives, in the statement's order. */
const ORDER_COLUMNS = allColumns<ReturnType<typeof orderValues>>()([
  'code',
  'event_id',
  'buyer_user_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'email_key',
  'phone_key',
  'hold_token_hash',
  'hold_confirmed_at',
  'status',
  'payment_method',
  'payment_ref',
  'quantity',
  'subtotal_kobo',
  'discount_kobo',
  'fee_kobo',
  'total_kobo',
  'fee_mode',
  'promo_code_id',
  'access_token_hash',
  'reserved_until',
  'paid_at',
  'attended_at',
  'attended_by',
  'cancelled_at',
  'ticket_names',
]);

/**
 * Writes many orders in one statement and returns the rows written. ON CONFLICT DO NOTHING:
 * an order whose code is already taken is simply not returned (the caller draws it a new
 * code) instead of aborting the transaction. Codes within one call must differ. The rows
 * travel as one JSON parameter (decision 105).
 */
export async function insertOrders(db: Db, orders: NewOrder[]): Promise<OrderRow[]> {
  if (orders.length === 0) return [];
  const { columns, rows } = recordset('orders', ORDER_COLUMNS, orders.map(orderValues));
  const written = await sql<OrderRow>`insert into orders (${columns}) ${rows}
    on conflict (code) do nothing returning *`.execute(db);
  return written.rows;
}

/** A new order of a checkout group, with its lines (their ids drawn by the caller) and its first history line. */
export interface NewGroupOrder {
  order: NewOrder;
  items: (Omit<NewOrderItem, 'orderId'> & { id: string })[];
  history: { kind: string; detail: string | null; actorUserId: string | null };
}

/**
 * Writes a checkout group's orders, their items and their first history lines in ONE
 * statement (decision 105): the items and history lines are joined to the orders the
 * statement wrote by their code, so an order whose code was taken (ON CONFLICT DO NOTHING,
 * 1 in 10^8) is not returned and nothing of it is written; the caller draws it a new code.
 * The items are not returned: their ids are the caller's, every other value too.
 */
export async function insertOrdersWithItems(db: Db, group: NewGroupOrder[]): Promise<OrderRow[]> {
  if (group.length === 0) return [];
  const { columns, rows } = recordset(
    'orders',
    ORDER_COLUMNS,
    group.map((g) => orderValues(g.order)),
  );
  const items = JSON.stringify(
    group.flatMap((g) => g.items.map((i) => ({ code: g.order.code, id: i.id, ...lineColumns(i) }))),
  );
  const history = JSON.stringify(
    group.map((g) => ({ code: g.order.code, ...historyColumns(g.history) })),
  );
  // Data-modifying CTEs all run; the items' and history's foreign keys are checked at the
  // statement's end, when the orders are there. The lines go in in the order given (the
  // join would not keep it): readers that list an order's lines unsorted see them so.
  const written = await sql<OrderRow>`
    with o as (
      insert into orders (${columns}) ${rows}
      on conflict (code) do nothing
      returning *
    ), i as (
      insert into order_items (id, order_id, ticket_type_id, name, quantity, unit_price_kobo, admits)
      select r.id, o.id, r.ticket_type_id, r.name, r.quantity, r.unit_price_kobo, r.admits
      from json_array_elements(${items}::json) with ordinality as e(line, n)
      cross join lateral json_populate_record(null::order_items, e.line) r
      join o on o.code = e.line ->> 'code'
      order by e.n
    ), h as (
      insert into order_history (order_id, kind, detail, actor_user_id)
      select o.id, r.kind, r.detail, r.actor_user_id
      from json_array_elements(${history}::json) with ordinality as e(line, n)
      cross join lateral json_populate_record(null::order_history, e.line) r
      join o on o.code = e.line ->> 'code'
      order by e.n
    )
    select * from o`.execute(db);
  return written.rows;
}

const ITEM_COLUMNS = [
  'order_id',
  'ticket_type_id',
  'name',
  'quantity',
  'unit_price_kobo',
  'admits',
] as const;

/** Writes the items of many orders in one statement (one JSON parameter, decision 105). */
export async function insertOrderItems(db: Db, items: NewOrderItem[]): Promise<OrderItemRow[]> {
  if (items.length === 0) return [];
  const { columns, rows } = recordset(
    'order_items',
    ITEM_COLUMNS,
    items.map((i) => ({ order_id: i.orderId, ...lineColumns(i) })),
  );
  const written = await sql<OrderItemRow>`insert into order_items (${columns}) ${rows}
    returning *`.execute(db);
  return written.rows;
}

export function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The event of an order (nothing else: the team's access decision on every manage route). */
/** Several orders by id, in no particular order (a payment group's answers). */
export function findOrdersByIds(db: Db, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
}

export function findOrderEvent(db: Db, id: string): Promise<{ event_id: string } | undefined> {
  return db.selectFrom('orders').select('event_id').where('id', '=', id).executeTakeFirst();
}

export function findOrderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The codes of these orders (the waiting list's offers, for its organiser). */
export function findOrderCodes(db: Db, ids: string[]): Promise<{ id: string; code: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orders').select(['id', 'code']).where('id', 'in', ids).execute();
}

export function findOrderItems(db: Db, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).execute();
}

export async function addHistory(
  db: Db,
  entries: { orderId: string; kind: string; detail?: string | null; actorUserId?: string | null }[],
): Promise<void> {
  if (entries.length === 0) return;
  const { columns, rows } = recordset(
    'order_history',
    ['order_id', 'kind', 'detail', 'actor_user_id'],
    entries.map((e) => ({ order_id: e.orderId, ...historyColumns(e) })),
  );
  await sql`insert into order_history (${columns}) ${rows}`.execute(db);
}

/** Whether the order has a history line of this kind written less than `seconds` ago. */
export async function hasRecentHistory(
  db: Db,
  orderId: string,
  kind: string,
  seconds: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('order_history')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a live order to cancelled or refunded; undefined when it was not in a state that
 * allows it. A completed group order's tickets sent to their holders end with it (decision
 * 080): one more statement, only where a completed order may end and only for an order
 * that sent some.
 */
export async function endOrder(
  db: Db,
  id: string,
  to: 'cancelled' | 'refunded',
  from: ('pending' | 'completed' | 'expired')[],
): Promise<OrderRow | undefined> {
  const row = await endOrderRow(db, id, to, from);
  if (row?.ticket_names?.some((n) => n.orderId)) await endTicketOrders(db, row.id, to);
  return row;
}

function endOrderRow(
  db: Db,
  id: string,
  to: 'cancelled' | 'refunded',
  from: ('pending' | 'completed' | 'expired')[],
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({
      status: to,
      cancelled_at: sql<Date>`now()`,
      reserved_until: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

/** The order, locked until the transaction ends (a payment settles it one at a time). */
export function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Every completed order of an event (its holders), to tell them of a change to it. */
export function findCompletedOrders(db: Db, eventId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'completed')
    .orderBy('created_at')
    .execute();
}

/** The demo's oldest completed order of an event that nobody has checked in (the seed's transfer). */
export async function firstCompletedOrder(db: Db, eventId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', '=', 'completed')
    .where('attended_at', 'is', null)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Moves an order's times (placed, paid, ended) and its history back by `seconds`, so the
 * demo's orders read as sold over past weeks (seed.ts). Its hold and check-in are left alone.
 */
export async function backdateOrder(db: Db, orderId: string, seconds: number): Promise<void> {
  const by = sql<string>`${`${Math.round(seconds)} seconds`}::interval`;
  await db
    .updateTable('orders')
    .set({
      created_at: sql<Date>`created_at - ${by}`,
      paid_at: sql<Date>`paid_at - ${by}`,
      cancelled_at: sql<Date>`cancelled_at - ${by}`,
      updated_at: sql<Date>`updated_at - ${by}`,
    })
    .where('id', '=', orderId)
    .execute();
  await db
    .updateTable('order_history')
    .set({ created_at: sql<Date>`created_at - ${by}` })
    .where('order_id', '=', orderId)
    .execute();
}

/** What each of these promo codes' completed orders add up to (promos' usage figures). */
export function findPromoUsage(db: Db, promoIds: string[]) {
  if (promoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders as o')
    .select([
      'o.promo_code_id',
      sql<number>`count(*)::int`.as('completed_orders'),
      sql<number>`coalesce(sum(o.quantity), 0)::int`.as('tickets'),
      sql<number>`coalesce(sum(o.discount_kobo), 0)::bigint`.as('discount_kobo'),
      sql<number>`coalesce(sum(o.total_kobo), 0)::bigint`.as('revenue_kobo'),
    ])
    .where('o.promo_code_id', 'in', promoIds)
    .where('o.status', '=', 'completed')
    .groupBy('o.promo_code_id')
    .execute();
}

/** Orders of any status that used the code: their records keep pointing at it. */
export async function countOrdersUsingPromo(db: Db, promoId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('promo_code_id', '=', promoId)
    .executeTakeFirstOrThrow();
  return row.n;
}
