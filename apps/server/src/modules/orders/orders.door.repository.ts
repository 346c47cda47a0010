import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';

/** Statements of the door: who may enter an event, and letting them in. */

type Db = Kysely<Database>;

/** Orders that may enter: paid or free, not cancelled, refunded or awaiting payment. */
export function findAdmissibleOrders(db: Db, eventId: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'code',
      'first_name',
      'last_name',
      'email',
      'total_kobo',
      'quantity',
      'attended_at',
      'payment_method',
      // Named tickets (decision 080): the names given, and a sent ticket's group order.
      'ticket_names',
      'parent_order_id',
    ])
    .where('event_id', '=', eventId)
    .where('status', '=', 'completed')
    .orderBy('created_at')
    .execute();
}

/**
 * The door's refused codes of an event (issue 24 §1): refunded and cancelled orders that
 * were paid, and unpaid ones a buyer may still bring — a pending order, or an offline one
 * that ended unpaid (its code was mailed). Abandoned online checkouts are left out: their
 * code never reached a ticket, and there may be many.
 */
export function findRefusedOrders(db: Db, eventId: string) {
  return db
    .selectFrom('orders')
    .select(['code', 'status', 'paid_at', 'cancelled_at'])
    .where('event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['refunded', 'cancelled']), eb('paid_at', 'is not', null)]),
        eb('status', '=', 'pending'),
        eb.and([eb('paid_at', 'is', null), eb('payment_method', '=', 'offline')]),
      ]),
    )
    .where('status', '!=', 'completed')
    .execute();
}

/** The transfers of an event's orders (each row: one code that changed hands). */
const transfersOfEvent = (db: Db, eventId: string) =>
  db
    .selectFrom('order_transfers')
    .innerJoin('orders', 'orders.id', 'order_transfers.order_id')
    .where('orders.event_id', '=', eventId);

/** Each code an order of the event had before a transfer, with whom it went to and when. */
export function findTransfersOfEvent(db: Db, eventId: string) {
  return transfersOfEvent(db, eventId)
    .select(['from_code', 'to_first_name', 'to_last_name', 'order_transfers.created_at'])
    .orderBy('order_transfers.created_at')
    .execute();
}

/**
 * Completed orders' codes of the organiser's other published events that have not ended
 * (only `eventIds` when given: a steward's events), with the event's title.
 */
export function findOtherEventCodes(
  db: Db,
  organiserId: string,
  eventIds: string[] | null,
  exceptEventId: string,
) {
  if (eventIds && eventIds.length === 0) return Promise.resolve([]);
  // The events (their owner, status and end) and titles are events' (decision 065).
  const live = eventLookup.idsOf({
    ownerId: organiserId,
    ids: eventIds,
    exceptId: exceptEventId,
    status: 'published',
    liveAt: 'now',
  });
  return db
    .selectFrom('orders')
    .select(['orders.code', eventLookup.titleOf(sql.ref<string>('orders.event_id')).as('title')])
    .where('orders.event_id', 'in', live)
    .where('orders.status', '=', 'completed')
    .execute();
}

/** The ticket types of those orders (name as bought, count), for the door's banner. */
export function findAdmissibleOrderItems(db: Db, eventId: string) {
  const type = sql.ref<string>('order_items.ticket_type_id');
  return (
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select([
        'order_items.id',
        'order_items.order_id',
        'order_items.ticket_type_id',
        'order_items.name',
        'order_items.quantity',
        'order_items.unit_price_kobo',
        'order_items.admits',
      ])
      .where('orders.event_id', '=', eventId)
      .where('orders.status', '=', 'completed')
      // In the event's own order of types (Regular before VIP, as the organiser set them).
      .orderBy(eventLookup.ticketTypePositionOf(type))
      .orderBy(eventLookup.ticketTypeCreatedAtOf(type))
      .execute()
  );
}

/**
 * Lets in every admissible order among `codes` that is not in yet, in one statement.
 * `attended_at IS NULL` is re-checked after the row lock, so when several devices post
 * the same code at once exactly one update wins and the first time is kept.
 */
export function markAttended(db: Db, eventId: string, codes: string[], userId: string) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .updateTable('orders')
    .set({ attended_at: sql<Date>`now()`, attended_by: userId, updated_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .where('code', 'in', codes)
    .where('status', '=', 'completed')
    .where('attended_at', 'is', null)
    .returning(['id', 'code', 'attended_at'])
    .execute();
}

export function findOrdersByCodes(db: Db, eventId: string, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['id', 'code', 'status', 'attended_at'])
    .where('event_id', '=', eventId)
    .where('code', 'in', codes)
    .execute();
}

/** Codes of this event's orders that were given away (a door's old codes read as transferred). */
export function findTransferredCodes(db: Db, eventId: string, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return transfersOfEvent(db, eventId)
    .select(['order_transfers.from_code as code'])
    .where('order_transfers.from_code', 'in', codes)
    .execute();
}

/**
 * Check-in lists (decision 084): the completed orders of the event among `codes`, with the
 * ticket types they hold (id and name as bought), for the list's check of its types.
 */
export async function findCompletedWithTypes(db: Db, eventId: string, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.id', 'orders.code', 'order_items.ticket_type_id', 'order_items.name'])
    .where('orders.event_id', '=', eventId)
    .where('orders.code', 'in', codes)
    .where('orders.status', '=', 'completed')
    .execute();
}

/**
 * An admission at a check-in list that is the order's first anywhere: the order's
 * event-wide `attended_at` is set once (the first time wins), so everything that reads it
 * (figures, the drawer, messages to those checked in) stays true.
 */
export function markFirstAttended(db: Db, eventId: string, orderIds: string[], userId: string) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .updateTable('orders')
    .set({ attended_at: sql<Date>`now()`, attended_by: userId, updated_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .where('id', 'in', orderIds)
    .where('attended_at', 'is', null)
    .returning(['id'])
    .execute();
}
