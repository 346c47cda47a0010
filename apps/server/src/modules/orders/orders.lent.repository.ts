import { expressionBuilder, sql, type Expression, type RawBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { OrderStatus } from '@gatepass/shared';

/**
 * Orders' answers to other modules (orders.lookup.ts), and values lent into their
 * statements (decision 065): only this module names `orders` and `order_items` (decision
 * 064). Where an answer carries its event's title or slug, events lend it.
 */

type Id = Expression<string>;

const eb = expressionBuilder<Database, never>();

// Values for other modules' statements --------------------------------------------------

/** The newest change of the order and of its event (the wallet pass's stamp). */
export const changedAtOf = (orderId: Id) =>
  eb
    .selectFrom('orders as od')
    .select(
      sql<Date>`greatest(od.updated_at, ${eventLookup.updatedAtOf(sql.ref<string>('od.event_id'))})`.as(
        'changed_at',
      ),
    )
    .where('od.id', '=', orderId)
    .$asScalar();

/** What orders say about an event: tickets sold (completed) and held (pending), money taken. */
export interface OrderFigures {
  sold: number;
  held: number;
  gross_kobo: number;
}

const figureOf = (column: 'quantity' | 'total_kobo', status: OrderStatus) => (eventId: Id) =>
  sql<number>`(select coalesce(sum(${sql.ref(`od.${column}`)}), 0)::bigint from orders od
    where od.event_id = ${eventId} and od.status = ${status})`;

/** Tickets of completed orders, tickets held by pending ones, and the money completed ones took. */
export const soldOf = figureOf('quantity', 'completed');
export const heldOf = figureOf('quantity', 'pending');
export const grossOf = figureOf('total_kobo', 'completed');

/**
 * An order as a derived table of one row (tracking's source of a checkout): its id, event,
 * total and status.
 */
export const orderRowOf = (orderId: string) =>
  sql<{
    id: string;
    event_id: string;
    total_kobo: number;
    status: OrderStatus;
  }>`(select od.id, od.event_id, od.total_kobo, od.status from orders od where od.id = ${orderId})`;

/**
 * Every order of the events `eventIds` selects (SQL text yielding event ids), as a derived
 * table: tracking's figures count checkout starts, orders and revenue from it. A sent
 * ticket's own order (decision 080) is no checkout: left out.
 */
export const ordersOfEvents = (eventIds: RawBuilder<unknown>) =>
  sql<{
    id: string;
    event_id: string;
    total_kobo: number;
    status: OrderStatus;
  }>`(select od.id, od.event_id, od.total_kobo, od.status from orders od where od.event_id in (${eventIds})
    and od.parent_order_id is null)`;

// Whole reads ----------------------------------------------------------------------------

/**
 * Tickets of each type held by pending orders (checkouts not paid yet, offline payments
 * not in): counted in `sold` until the order completes or its hold expires.
 */
export async function findHeldByType(db: Db, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.ticket_type_id', sql<number>`sum(i.quantity)::int`.as('held')])
    .where('o.event_id', '=', eventId)
    .where('o.status', '=', 'pending')
    .groupBy('i.ticket_type_id')
    .execute();
  return new Map(rows.map((r) => [r.ticket_type_id, r.held]));
}

/** The newest change of the order and its event, as PostgreSQL's text (microseconds kept). */
export async function findChangeStamp(db: Db, orderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders as o')
    .select(
      sql<string>`greatest(o.updated_at, ${eventLookup.updatedAtOf(sql.ref<string>('o.event_id'))})::text`.as(
        'stamp',
      ),
    )
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  return row?.stamp;
}

export interface OrderSnapshot {
  id: string;
  code: string;
  status: string;
  event_id: string;
  event_title: string;
  event_slug: string;
  event_start_at: Date | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  quantity: number;
  subtotal_kobo: number;
  discount_kobo: number;
  fee_kobo: number;
  total_kobo: number;
  payment_method: string | null;
  paid_at: Date | null;
  attended_at: Date | null;
  cancelled_at: Date | null;
  created_at: Date;
  items: { ticketTypeId: string; name: string; quantity: number; unitPriceKobo: number }[];
}

/** The event part of a snapshot: its title, slug and start (events' values). */
const snapshotEvent = (event: Id) =>
  [
    eventLookup.titleOf(event).as('event_title'),
    eventLookup.slugOf(event).as('event_slug'),
    eventLookup.startAtOf(event).as('event_start_at'),
  ] as const;

/**
 * Orders as a webhook describes them, read in the change's transaction: the orders with
 * their event's title, slug and start (events' values), then their lines — one statement
 * per table.
 */
export async function findSnapshots(db: Db, orderIds: string[]): Promise<OrderSnapshot[]> {
  if (orderIds.length === 0) return [];
  const event = sql.ref<string>('o.event_id');
  const orders = await db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.code',
      'o.status',
      'o.event_id',
      ...snapshotEvent(event),
      'o.first_name',
      'o.last_name',
      'o.email',
      'o.phone',
      'o.quantity',
      'o.subtotal_kobo',
      'o.discount_kobo',
      'o.fee_kobo',
      'o.total_kobo',
      'o.payment_method',
      'o.paid_at',
      'o.attended_at',
      'o.cancelled_at',
      'o.created_at',
    ])
    .where('o.id', 'in', orderIds)
    .execute();
  const items = await db
    .selectFrom('order_items')
    .select(['order_id', 'ticket_type_id', 'name', 'quantity', 'unit_price_kobo'])
    .where('order_id', 'in', orderIds)
    .orderBy('name')
    .execute();
  return orders.map((o) => ({
    ...o,
    items: items
      .filter((i) => i.order_id === o.id)
      .map((i) => ({
        ticketTypeId: i.ticket_type_id,
        name: i.name,
        quantity: i.quantity,
        unitPriceKobo: i.unit_price_kobo,
      })),
  }));
}

/** A completed order's buyer as a message to the event's attendees reaches them. */
export interface OrderContact {
  id: string;
  code: string;
  first_name: string;
  email: string;
  phone: string;
}

/**
 * The completed orders of an event (of some ticket types; checked in or not), for messages
 * to its attendees: one read of the event's orders, by the organiser's press or the
 * reminders' job — never on the buying path.
 */
export function findContacts(
  db: Db,
  eventId: string,
  filter: { ticketTypeIds?: readonly string[]; checkedIn?: boolean } = {},
): Promise<OrderContact[]> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'code', 'first_name', 'email', 'phone'])
    .where('event_id', '=', eventId)
    .where('status', '=', 'completed');
  if (filter.checkedIn === true) query = query.where('attended_at', 'is not', null);
  if (filter.checkedIn === false) query = query.where('attended_at', 'is', null);
  const types = filter.ticketTypeIds ?? [];
  if (types.length > 0) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('order_items as oi')
          .select('oi.id')
          .whereRef('oi.order_id', '=', 'orders.id')
          .where('oi.ticket_type_id', 'in', types),
      ),
    );
  }
  return query.orderBy('created_at').execute();
}
