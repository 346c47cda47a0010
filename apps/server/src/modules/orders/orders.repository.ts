import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrderItemRow, OrderRow, PromoCodeRow } from './orders.table.ts';

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
}

export interface NewOrderItem {
  orderId: string;
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPriceKobo: number;
}

const orderValues = (order: NewOrder) => ({
  code: order.code,
  event_id: order.eventId,
  buyer_user_id: order.buyerUserId,
  first_name: order.firstName,
  last_name: order.lastName,
  email: order.email,
  phone: order.phone,
  email_key: order.emailKey,
  phone_key: order.phoneKey,
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
});

/**
 * Writes many orders in one statement and returns the rows written. ON CONFLICT DO NOTHING:
 * an order whose code is already taken is simply not returned (the caller draws it a new
 * code) instead of aborting the transaction. Codes within one call must differ.
 */
export function insertOrders(db: Db, orders: NewOrder[]): Promise<OrderRow[]> {
  if (orders.length === 0) return Promise.resolve([]);
  return db
    .insertInto('orders')
    .values(orders.map(orderValues))
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .execute();
}

/** Writes the items of many orders in one statement. */
export function insertOrderItems(db: Db, items: NewOrderItem[]): Promise<OrderItemRow[]> {
  if (items.length === 0) return Promise.resolve([]);
  return db
    .insertInto('order_items')
    .values(
      items.map((i) => ({
        order_id: i.orderId,
        ticket_type_id: i.ticketTypeId,
        name: i.name,
        quantity: i.quantity,
        unit_price_kobo: i.unitPriceKobo,
      })),
    )
    .returningAll()
    .execute();
}

export function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirst();
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
  await db
    .insertInto('order_history')
    .values(
      entries.map((e) => ({
        order_id: e.orderId,
        kind: e.kind,
        detail: e.detail ?? null,
        actor_user_id: e.actorUserId ?? null,
      })),
    )
    .execute();
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

/** Completes a pending order whose hold is still live; undefined when it is not. */
export function completePendingOrder(
  db: Db,
  id: string,
  payment: { method: 'test' | 'offline' | 'free'; ref: string | null },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({
      status: 'completed',
      payment_method: payment.method,
      payment_ref: payment.ref,
      paid_at: sql<Date>`now()`,
      reserved_until: null,
      updated_at: sql<Date>`now()`,
    })
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

/**
 * Ends holds that ran out: flips up to `limit` pending orders past `reserved_until` to
 * `expired` and returns them. SKIP LOCKED lets several processes sweep side by side, and a
 * payment completing the same order at the same moment either wins the row first (the
 * sweep skips it) or finds it expired.
 */
export function expireDueOrders(db: Db, limit: number, eventId?: string): Promise<OrderRow[]> {
  let due = db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('reserved_until', '<=', sql<Date>`now()`);
  if (eventId) due = due.where('event_id', '=', eventId);
  return db
    .updateTable('orders')
    .set({ status: 'expired', updated_at: sql<Date>`now()` })
    .where('id', 'in', due.orderBy('reserved_until').limit(limit).forUpdate().skipLocked())
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
}

/** Moves a live order to cancelled or refunded; undefined when it was not in a state that allows it. */
export function endOrder(
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

// Promo codes ------------------------------------------------------------------------

export function findPromo(
  db: Db,
  eventId: string,
  code: string,
): Promise<PromoCodeRow | undefined> {
  return db
    .selectFrom('promo_codes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/**
 * The event's promo codes among `codes`. With `lock`, their rows stay locked until the
 * transaction ends (in id order; `FOR NO KEY UPDATE`, so inserting orders that refer to the
 * code is not blocked), and `uses` as read stays exact.
 */
export function findPromos(
  db: Db,
  eventId: string,
  codes: string[],
  lock: boolean,
): Promise<PromoCodeRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  const query = db
    .selectFrom('promo_codes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('code', 'in', codes)
    .orderBy('id');
  return (lock ? query.forNoKeyUpdate() : query).execute();
}

/**
 * Counts `n` uses at once if the code is live and has that many left, in one conditional
 * UPDATE (a group of orders using the same code).
 */
export async function redeemPromoUses(db: Db, id: string, n: number): Promise<boolean> {
  const row = await db
    .updateTable('promo_codes')
    .set({ uses: sql<number>`uses + ${n}`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('active', '=', true)
    .where((eb) =>
      eb.or([eb('max_uses', 'is', null), eb(sql<number>`uses + ${n}`, '<=', eb.ref('max_uses'))]),
    )
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one use if the code is live and not used up, in one conditional UPDATE. */
export async function redeemPromo(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('promo_codes')
    .set({ uses: sql<number>`uses + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function unredeemPromo(db: Db, id: string): Promise<void> {
  await db
    .updateTable('promo_codes')
    .set({ uses: sql<number>`greatest(uses - 1, 0)`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

// The door ------------------------------------------------------------------------------

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

/** Each code an order of the event had before a transfer, with whom it went to and when. */
export function findTransfersOfEvent(db: Db, eventId: string) {
  return db
    .selectFrom('order_transfers')
    .innerJoin('orders', 'orders.id', 'order_transfers.order_id')
    .select([
      'order_transfers.from_code',
      'order_transfers.to_first_name',
      'order_transfers.to_last_name',
      'order_transfers.created_at',
    ])
    .where('orders.event_id', '=', eventId)
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
  let query = db
    .selectFrom('orders')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .select(['orders.code', 'events.title'])
    .where('events.owner_id', '=', organiserId)
    .where('events.id', '!=', exceptEventId)
    .where('events.status', '=', 'published')
    .where((eb) =>
      eb.or([eb('events.end_at', 'is', null), eb('events.end_at', '>', sql<Date>`now()`)]),
    )
    .where('orders.status', '=', 'completed');
  if (eventIds) query = query.where('events.id', 'in', eventIds);
  return query.execute();
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

/** The ticket types of those orders (name as bought, count), for the door's banner. */
export function findAdmissibleOrderItems(db: Db, eventId: string) {
  return (
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .innerJoin('ticket_types', 'ticket_types.id', 'order_items.ticket_type_id')
      .select(['order_items.order_id', 'order_items.name', 'order_items.quantity'])
      .where('orders.event_id', '=', eventId)
      .where('orders.status', '=', 'completed')
      // In the event's own order of types (Regular before VIP, as the organiser set them).
      .orderBy('ticket_types.position')
      .orderBy('ticket_types.created_at')
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

// Provider payments ------------------------------------------------------------------------

/** The order, locked until the transaction ends (a payment settles it one at a time). */
export function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
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
    .set({
      status: 'completed',
      payment_method: payment.method,
      payment_ref: payment.ref,
      paid_at: sql<Date>`now()`,
      reserved_until: null,
      updated_at: sql<Date>`now()`,
    })
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

// Demo data ------------------------------------------------------------------------------

/**
 * Moves an order's times (placed, paid, ended) and its history back by `seconds`, so the
 * demo's orders read as sold over past weeks (seed.ts). Its hold and check-in are left alone.
 */
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

// Holds ---------------------------------------------------------------------------------

/** Open holds (pending orders still holding) of one buyer, by email or phone, for an event. */
export async function countOpenHolds(
  db: Db,
  eventId: string,
  emailKey: string,
  phoneKey: string,
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .where('reserved_until', '>', sql<Date>`now()`)
    .where((eb) => eb.or([eb('email_key', '=', emailKey), eb('phone_key', '=', phoneKey)]))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The buyer keys of the open holds of an event held by any of these emails or phones. */
export function findOpenHoldKeys(
  db: Db,
  eventId: string,
  emailKeys: string[],
  phoneKeys: string[],
): Promise<{ email_key: string; phone_key: string }[]> {
  return db
    .selectFrom('orders')
    .select(['email_key', 'phone_key'])
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .where('reserved_until', '>', sql<Date>`now()`)
    .where((eb) => eb.or([eb('email_key', 'in', emailKeys), eb('phone_key', 'in', phoneKeys)]))
    .execute() as Promise<{ email_key: string; phone_key: string }[]>;
}

/** The pending offline order this confirmation link belongs to, while it still holds. */
export function findOrderByHoldToken(db: Db, tokenHash: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('hold_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Confirms an offline order's email: the link is used up and the order holds until
 * `until`. Undefined when the link was used meanwhile or the normal hold ran out first.
 */
export function confirmHold(
  db: Db,
  id: string,
  tokenHash: string,
  until: Date,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({
      reserved_until: until,
      hold_confirmed_at: sql<Date>`now()`,
      hold_token_hash: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('hold_token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('payment_method', '=', 'offline')
    .where('reserved_until', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/** The event's open holds (pending orders), soonest to lapse first. */
export function listOpenHolds(
  db: Db,
  eventId: string,
): Promise<(OrderRow & { waitlist_offer: boolean })[]> {
  return (
    db
      .selectFrom('orders')
      .selectAll()
      // A waiting-list offer's hold (decision 032) is not someone in checkout.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('waitlist_entries as w')
              .select('w.id')
              .whereRef('w.order_id', '=', 'orders.id')
              .where('w.status', '=', 'offered'),
          )
          .$castTo<boolean>()
          .as('waitlist_offer'),
      )
      .where('event_id', '=', eventId)
      .where('status', '=', 'pending')
      .where('reserved_until', '>', sql<Date>`now()`)
      .orderBy('reserved_until')
      .orderBy('id')
      .limit(500)
      .execute()
  );
}

// Transfers (decision 033) ------------------------------------------------------------------

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
      first_name: to.firstName,
      last_name: to.lastName,
      email: to.email,
      email_key: to.emailKey,
      phone: to.phone,
      phone_key: to.phoneKey,
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

/** Codes of this event's orders that were given away (a door's old codes read as transferred). */
export function findTransferredCodes(db: Db, eventId: string, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_transfers')
    .innerJoin('orders', 'orders.id', 'order_transfers.order_id')
    .select(['order_transfers.from_code as code'])
    .where('orders.event_id', '=', eventId)
    .where('order_transfers.from_code', 'in', codes)
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
