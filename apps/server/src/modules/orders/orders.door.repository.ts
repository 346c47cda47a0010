import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ORDER_STATUSES } from '@gatepass/shared';
import type { Database } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';
import { questionLookup } from '../questions/questions.lookup.ts';

/** Statements of the door: who may enter an event, and letting them in. */

type Db = Kysely<Database>;

/** Orders that may enter: paid or free, not cancelled, refunded or awaiting payment. */
export function findAdmissibleOrders(db: Db, eventId: string) {
  return (
    db
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
      // Names given in answers at checkout, for the door's search (decision 078).
      .select(questionLookup.nameAnswersOf(sql.ref<string>('orders.id')).as('answer_names'))
      .where('event_id', '=', eventId)
      .where('status', '=', 'completed')
      .orderBy('created_at')
      .execute()
  );
}

const NOT_COMPLETED = ORDER_STATUSES.filter((s) => s !== 'completed');

/**
 * The door's refused codes of an event (issue 24 §1): refunded and cancelled orders that
 * were paid, and unpaid ones a buyer may still bring — a pending order, or an offline one
 * that ended unpaid (its code was mailed). Abandoned online checkouts are left out: their
 * code never reached a ticket, and there may be many.
 */
export function findRefusedOrders(db: Db, eventId: string) {
  return (
    db
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
      // Every status but completed, named: an index range on (event_id, status). A `<>` is no
      // index condition, and at an event of completed orders only PostgreSQL read all of them
      // (~100 ms of both cores for 100,000) on every door sync that saw a change.
      .where('status', 'in', NOT_COMPLETED)
      .execute()
  );
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
 * How far back a sync looks before its cursor (decision 088). `updated_at` is a change's
 * transaction start, and a transaction commits a little later: a change stamped just
 * before a cursor may become visible just after it. A sync re-reads this much before its
 * cursor, so a change is missed only if its transaction ran longer than this.
 */
export const SYNC_OVERLAP_SECONDS = 10;

/** The door's list in its compact wire shape (decision 088), as JSON texts to splice. */
export interface DoorListParts {
  /** The database clock when the list was read, in epoch seconds (the next sync's `since`). */
  cursor: string;
  /** The event's ticket type names in its order of types (the door orders an order's by it). */
  types: string;
  /**
   * One row per ticket type of an admissible order, in order of purchase: `[code, firstName,
   * lastName, email, totalKobo, quantity, attendedAtMs | null, testPayment 0 | 1, typeName,
   * typeCount, extra]`. An order of several types is several rows with its code (rare); one
   * row per order item keeps PostgreSQL from grouping 100,000 orders. `extra`: null, or an
   * object of the door's further per-order fields (`holders`, `admits`, `attendeeNames`: on
   * each row of an order with names given, of a line admitting other than one, or of an
   * event that asks questions; the device merges them) —
   * the place for fields other features add to the door's order, without a new column.
   */
  orders: string;
  /** With `since`: codes that left the list (refunded, cancelled, transferred away). */
  gone: string;
}

/**
 * An order item's count as the door shows it (decision 080): as bought, less the tickets of
 * it the group order sent on to their holders. The order's tickets are numbered by laying
 * its items out by type name, then type id (`ticketLayout`, JavaScript's code-unit order:
 * `collate "C"` here), one ticket each; a sent ticket's number falls in one item's range.
 * `item`: the alias of the order item (of the order `o`).
 */
function keptSql(item: 'oi' | 'p') {
  const i = sql.raw(item);
  return sql`(${i}.quantity - case when o.ticket_names is null then 0 else (
      select count(*)::int from jsonb_array_elements(o.ticket_names) n,
        (select coalesce(sum(b.quantity), 0)::int as start from order_items b
         where b.order_id = o.id
           and (b.name collate "C" < ${i}.name collate "C"
                or (b.name = ${i}.name
                    and b.ticket_type_id::text collate "C" < ${i}.ticket_type_id::text collate "C")))
        before
      where n->>'orderId' is not null
        and (n->>'index')::int > before.start
        and (n->>'index')::int <= before.start + ${i}.quantity) end)`;
}

/**
 * The people an order (alias `o`) lets in: each line's tickets it kept (less those sent on to
 * their holders' own orders) times the line's admits — a table of ten admits ten. The door's
 * "Admits" and the orders export's column (decisions 080, 086).
 */
export const admitsOfOrder = () =>
  sql<number>`(select coalesce(sum(${keptSql('p')} * p.admits), 0)::int
    from order_items p where p.order_id = o.id)`;

/** The database clock now, in epoch seconds: a sync's cursor (decision 088). */
const clockCursor = sql<string>`extract(epoch from clock_timestamp())::numeric(20, 6)::text`;

/** The changes a sync from cursor `since` reads: stamped after it, less the overlap. */
const afterCursor = (since: string) =>
  sql`to_timestamp(${since}::float8) - make_interval(secs => ${SYNC_OVERLAP_SECONDS})`;

/**
 * Completed orders from which a new device's list is read in two parts at once, on two
 * connections (decision 114): PostgreSQL builds a statement's JSON on one core.
 */
export const DOOR_LIST_SPLIT_FROM = 20_000;

/**
 * The door's list built by PostgreSQL as JSON text (no per-row work in the app): each row
 * concatenated from `to_json` of its strings, not `json_build_array`, whose text puts a
 * space after every comma (~0.8 MB of a 100,000-order list). `since`:
 * only the orders changed after that cursor (less the overlap), with the codes that left.
 *
 * A whole list of `splitFrom` completed orders or more is read as two ranges of purchase
 * time at once, each in its own statement, and joined in order (decision 114). The two
 * read two snapshots a moment apart: the cursor is the earlier one's, so a change between
 * them comes again in the next sync, as any change near a cursor does (decision 088).
 */
export async function doorListJson(
  db: Db,
  eventId: string,
  since: string | null,
  splitFrom = DOOR_LIST_SPLIT_FROM,
): Promise<DoorListParts> {
  const read = (part: RawBuilder<unknown>) => doorListPart(db, eventId, since, part);
  const pivot = since === null ? await listPivot(db, eventId, splitFrom) : null;
  if (pivot === null) {
    const list = await read(sql``);
    return { ...list, orders: `[${list.orders}]` };
  }
  const [early, late] = await Promise.all([
    read(sql`and o.created_at < ${pivot}::timestamptz`),
    read(sql`and o.created_at >= ${pivot}::timestamptz`),
  ]);
  const rows = [early.orders, late.orders].filter((part) => part !== '');
  return {
    cursor: Number(early.cursor) <= Number(late.cursor) ? early.cursor : late.cursor,
    types: early.types,
    orders: `[${rows.join(',')}]`,
    gone: early.gone,
  };
}

/**
 * Where a big event's list splits in two: the purchase time of its middle order (of all
 * its orders, a cheap index-only read; near enough to halve the completed ones). Null when
 * the event has fewer than `splitFrom` completed orders: one statement reads it.
 */
async function listPivot(db: Db, eventId: string, splitFrom: number): Promise<string | null> {
  if (!Number.isFinite(splitFrom)) return null;
  const { rows } = await sql<{ pivot: string | null }>`
    select case when n >= ${splitFrom} then (
        select o.created_at::text from orders o where o.event_id = ${eventId}
        -- The index's order (a bare created_at here would name the text column above).
        order by o.event_id, o.created_at offset n / 2 limit 1) end as pivot
    from (select count(*)::int as n from orders
          where event_id = ${eventId} and status = 'completed') c`.execute(db);
  return rows[0]?.pivot ?? null;
}

/**
 * One statement of the list: its rows of `part` (a condition on `o`), comma-separated
 * without the array's brackets, so that parts join as text.
 */
function doorListPart(
  db: Db,
  eventId: string,
  since: string | null,
  part: RawBuilder<unknown>,
): Promise<DoorListParts> {
  const after = since === null ? null : afterCursor(since);
  const changed = after ? sql`and o.updated_at > ${after}` : sql``;
  const gone = after
    ? sql`coalesce((
          select json_agg(code) from (
            select o.code from orders o
            where o.event_id = ${eventId} and o.updated_at > ${after} and o.status <> 'completed'
            union
            select tr.from_code from order_transfers tr join orders o on o.id = tr.order_id
            where o.event_id = ${eventId} and o.updated_at > ${after}
          ) g), '[]'::json)::text`
    : sql`'[]'`;
  // Named tickets and ticket kinds (decisions 080, 086): only an order with names given, or
  // a line that admits other than one, reads anything more (subqueries under CASE run only
  // when their branch is taken); every other row stays the plain concatenation.
  const named = sql`(o.ticket_names is not null or oi.admits <> 1)`;
  // Names answered at checkout (decision 078): read per order only at an event that ever
  // asked a question (the probe runs once for the list, an initplan).
  const asks = questionLookup.asksAnyOf(sql.val(eventId));
  // This row's count as the door shows it: less the tickets the group order sent on.
  const kept = keptSql('oi');
  // A sent ticket's own order (no money of its own) reads as the ticket's value.
  const total = sql`(select coalesce(sum(q.unit_price_kobo * q.quantity), 0) from order_items q
      where q.order_id = o.id)`;
  const holders = sql`(select '[' || string_agg(to_json(
        (n->>'firstName') || ' ' || (n->>'lastName'))::text, ',' order by e.i) || ']'
      from jsonb_array_elements(o.ticket_names) with ordinality e(n, i)
      where n->>'orderId' is null)`;
  const admits = sql`(select sum(${keptSql('p')} * p.admits) from order_items p
      where p.order_id = o.id)`;
  const extra = sql`case when ${named} or ${asks} then (
      select case when h is null and a is null and n is null then 'null'
             else '{' || concat_ws(',', '"holders":' || h, '"admits":' || a,
                                   '"attendeeNames":' || to_json(n)::text) || '}' end
      from (select case when o.ticket_names is not null then ${holders} end as h,
                   case when ${named} then
                     (select nullif(x, o.quantity) from (select ${admits} as x) ad) end as a,
                   case when ${asks} then ${questionLookup.nameAnswersOf(sql.ref<string>('o.id'))}
                   end as n) z)
    else 'null' end`;
  // The sort of ~9 MB of rows stays in memory (the default 4 MB spills it to disk). No JIT:
  // the per-row subqueries under CASE put the plan's estimate at ~10 million, so PostgreSQL
  // compiled 146 functions for 650 ms to run a 230 ms query (100,000 orders; decision 102).
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`.execute(
      trx,
    );
    const { rows } = await sql<DoorListParts>`
      select
        ${clockCursor} as cursor,
        ${eventLookup.ticketTypeNamesOf(sql.val(eventId))} as types,
        coalesce((
          select string_agg(
                   '[' || to_json(o.code) || ',' || to_json(o.first_name) || ','
                   || to_json(o.last_name) || ',' || to_json(o.email) || ','
                   || case when o.parent_order_id is null then o.total_kobo::text
                      else ${total}::text end
                   || ',' || o.quantity || ','
                   || coalesce(((extract(epoch from o.attended_at) * 1000)::bigint)::text, 'null')
                   -- Never null (the column may be): a null would void the whole row.
                   || ',' || (o.payment_method is not distinct from 'test')::int || ','
                   || to_json(oi.name) || ','
                   || case when o.ticket_names is null then oi.quantity else ${kept} end
                   || ',' || ${extra} || ']',
                   -- The line too: an order's rows in one order, whichever the plan (two
                   -- parts of one list must read as one statement would, decision 114).
                   ',' order by o.created_at, o.id, oi.id)
          from orders o join order_items oi on oi.order_id = o.id
          where o.event_id = ${eventId} and o.status = 'completed' ${changed} ${part}),
          '') as orders,
        ${gone} as gone`.execute(trx);
    return rows[0]!;
  });
}

/** What a door's sync has to send (decision 088, 113). */
export interface DoorChangesSince {
  /** The database clock when this was read, in epoch seconds (a cursor). */
  cursor: string;
  /** This event's orders changed: the list's rows (and codes gone). */
  orders: boolean;
  /**
   * The codes the door refuses may have changed: this event's orders that are not (or no
   * longer) completed, its transfers, or the set of completed codes of the other events it
   * refuses (a new order, one that left, a transfer; not their check-ins).
   */
  refused: boolean;
}

/**
 * Whether a door's list may have changed since `since` (decisions 088, 113): a change to
 * this event's orders, or to the codes it refuses — of this event, or of the other events
 * the door refuses (the organiser's live events, or a steward's). Index range scans of the
 * newest changes only.
 */
export async function changedSince(
  db: Db,
  eventId: string,
  since: string,
  organiserId: string,
  eventIds: string[] | null,
): Promise<DoorChangesSince> {
  const after = afterCursor(since);
  const live = eventLookup.idsOf({
    ownerId: organiserId,
    ids: eventIds,
    exceptId: eventId,
    status: 'published',
    liveAt: 'now',
  });
  // Another event's completed codes changed: an order of it changed other than by a
  // check-in alone (a check-in stamps `attended_at` and `updated_at` with the same now()),
  // one created since, or one transferred since. Its door's busy check-ins move nothing
  // here. A steward given no other event: no other event's codes to watch.
  const elsewhere =
    eventIds && eventIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from (${live}) ev(id), lateral (
             select 1 from orders o where o.event_id = ev.id and o.updated_at > ${after}
               and (o.attended_at is distinct from o.updated_at or o.created_at > ${after}
                    or exists (select 1 from order_transfers tr
                               where tr.order_id = o.id and tr.created_at > ${after}))
             limit 1) x)`;
  const { rows } = await sql<DoorChangesSince>`
    select ${clockCursor} as cursor,
      exists (select 1 from orders where event_id = ${eventId} and updated_at > ${after}) as orders,
      exists (select 1 from orders where event_id = ${eventId} and updated_at > ${after}
                and status <> 'completed')
        or exists (select 1 from orders o join order_transfers tr on tr.order_id = o.id
                   where o.event_id = ${eventId} and o.updated_at > ${after}
                     and tr.created_at > ${after})
        or ${elsewhere} as refused`.execute(db);
  return rows[0]!;
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
