import type { EventCategory } from '@gatepass/shared';
import {
  sql,
  type AliasableExpression,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { accounts } from '../auth/auth.accounts.ts';
import { organisers } from '../settings/settings.organisers.ts';
import type {
  EventPatch,
  EventRow,
  NewEventRow,
  NewTicketTypeRow,
  TicketTypePatch,
  TicketTypeRow,
} from './events.table.ts';

// Events ------------------------------------------------------------------------------

export function insertEvent(db: Db, row: NewEventRow): Promise<EventRow> {
  return db.insertInto('events').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * The copy of `sourceId` made less than `seconds` ago and still an untouched draft, if any:
 * a burst of "Duplicate" clicks answers it instead of making another (decision 051).
 */
export function findRecentCopy(
  db: Db,
  sourceId: string,
  seconds: number,
): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('duplicated_from', '=', sourceId)
    .where('status', '=', 'draft')
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findEventById(db: Db, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The event if `ownerId` owns it; locked for the rest of the transaction when `lock`. */
export function findOwnedEvent(
  db: Db,
  id: string,
  ownerId: string,
  lock = false,
): Promise<EventRow | undefined> {
  let query = db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function updateEvent(db: Db, id: string, patch: EventPatch): Promise<EventRow> {
  return db
    .updateTable('events')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEvent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('events').where('id', '=', id).execute();
}

/** Slugs made from the same base ("base" and "base-N"), except the event's own. */
export async function findSlugsFrom(db: Db, base: string, exceptId?: string): Promise<string[]> {
  // `base` is [a-z0-9-] only (slugify), so it holds no LIKE wildcard.
  let query = db
    .selectFrom('events')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) query = query.where('id', '<>', exceptId);
  const rows = await query.execute();
  return rows.map((r) => r.slug);
}

export interface OwnerEventRow extends EventRow, OrderFigures {
  capacity: number;
  ticket_type_count: number;
}

/** What orders say about an event: tickets sold (completed) and held (pending), money taken. */
export interface OrderFigures {
  sold: number;
  held: number;
  gross_kobo: number;
}

/**
 * Orders' values of an event, lent into events' statements (decision 065): the orders
 * module owns the orders and depends on events, so they are handed in, not imported.
 */
export interface OrderFigureValues {
  soldOf(eventId: Expression<string>): AliasableExpression<number>;
  heldOf(eventId: Expression<string>): AliasableExpression<number>;
  grossOf(eventId: Expression<string>): AliasableExpression<number>;
}

/** Tickets of each type held by an event's pending orders (orders' read, handed in). */
export type HeldByType = (db: Db, eventId: string) => Promise<Map<string, number>>;

const eventRef = sql.ref<string>('e.id');

const orderFigures = (values: OrderFigureValues) =>
  [
    values.soldOf(eventRef).as('sold'),
    values.heldOf(eventRef).as('held'),
    values.grossOf(eventRef).as('gross_kobo'),
  ] as const;

export async function findOrderFigures(
  db: Db,
  eventId: string,
  values: OrderFigureValues,
): Promise<OrderFigures> {
  return db
    .selectFrom('events as e')
    .select(orderFigures(values))
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow();
}

/**
 * The organiser's events with ticket totals and what their orders took, by date: those
 * still ahead (and drafts without a date) first, soonest first; then those that ended,
 * latest first.
 */
export function listOwnerEvents(
  db: Db,
  ownerId: string,
  now: Date,
  values: OrderFigureValues,
): Promise<OwnerEventRow[]> {
  const ahead = sql<boolean>`(e.end_at is null or e.end_at > ${now})`;
  return db
    .selectFrom('events as e')
    .leftJoin('ticket_types as t', 't.event_id', 'e.id')
    .selectAll('e')
    .select([
      sql<number>`coalesce(sum(t.capacity), 0)::int`.as('capacity'),
      sql<number>`count(t.id)::int`.as('ticket_type_count'),
      ...orderFigures(values),
    ])
    .where('e.owner_id', '=', ownerId)
    .groupBy('e.id')
    .orderBy(sql`case when ${ahead} then 0 else 1 end`)
    .orderBy(sql`case when ${ahead} then e.start_at end asc nulls last`)
    .orderBy(sql`e.start_at desc nulls last`)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .execute();
}

export interface PublicEventRow extends EventRow {
  organiser_name: string;
  organiser_logo_id: string | null;
}

const owner = sql.ref<string>('e.owner_id');

/** A published or cancelled event by slug (public or unlisted); drafts never. */
export function findVisibleEventBySlug(db: Db, slug: string): Promise<PublicEventRow | undefined> {
  return (
    db
      .selectFrom('events as e')
      .selectAll('e')
      // The organiser's public name (settings), or their account name (auth).
      .select(
        sql<string>`coalesce(${organisers.publicNameOf(owner)}, ${accounts.fullNameOf(owner)})`.as(
          'organiser_name',
        ),
      )
      // Only the organiser's public fields: never their email or phone.
      .select(organisers.logoOf(owner).as('organiser_logo_id'))
      .where('e.slug', '=', slug)
      .where('e.status', '<>', 'draft')
      .executeTakeFirst()
  );
}

// Public list -------------------------------------------------------------------------

export interface PublicListFilters {
  now: Date;
  words: string[];
  category?: EventCategory | undefined;
  city?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  price?: 'free' | 'paid' | undefined;
}

export interface PublicListRow extends EventRow {
  lowest_kobo: number | null;
  highest_kobo: number | null;
}

/** `\`, `%` and `_` matched literally in a LIKE pattern (backslash is Postgres' default escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How far into a day an event that began the day before must run to count for it. */
const CARRY_OVER_MS = 6 * 3_600_000;

type EventQuery<O> = SelectQueryBuilder<Database & { e: Database['events'] }, 'e', O>;

const visibleTicketTypes = (eb: ExpressionBuilder<Database & { e: Database['events'] }, 'e'>) =>
  eb
    .selectFrom('ticket_types as t')
    .whereRef('t.event_id', '=', 'e.id')
    .where('t.hidden', '=', false);

function applyPublicFilters<O>(query: EventQuery<O>, f: PublicListFilters): EventQuery<O> {
  let q = query
    .where('e.status', '=', 'published')
    .where('e.visibility', '=', 'public')
    .where('e.end_at', '>', f.now);
  for (const word of f.words) {
    const pattern = `%${escapeLike(word)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('e.title', 'ilike', pattern),
        eb('e.summary', 'ilike', pattern),
        eb('e.city', 'ilike', pattern),
      ]),
    );
  }
  if (f.category) q = q.where('e.category', '=', f.category);
  if (f.city) q = q.where('e.city', 'ilike', escapeLike(f.city));
  // An event belongs to the days it starts on, and to later days it is still running on past
  // 06:00: a festival counts for each of its days, a party ending at 02:00 only for its night.
  if (f.to) q = q.where('e.start_at', '<', f.to);
  if (f.from) {
    const from = f.from;
    const morning = new Date(from.getTime() + CARRY_OVER_MS);
    q = q.where((eb) => eb.or([eb('e.start_at', '>=', from), eb('e.end_at', '>', morning)]));
  }
  if (f.price === 'paid') {
    q = q.where((eb) =>
      eb.exists(visibleTicketTypes(eb).select('t.id').where('t.price_kobo', '>', 0)),
    );
  } else if (f.price === 'free') {
    q = q.where((eb) =>
      eb.and([
        eb.exists(visibleTicketTypes(eb).select('t.id').where('t.price_kobo', '=', 0)),
        eb.not(eb.exists(visibleTicketTypes(eb).select('t.id').where('t.price_kobo', '>', 0))),
      ]),
    );
  }
  return q;
}

export async function searchPublicEvents(
  db: Db,
  filters: PublicListFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: PublicListRow[]; total: number }> {
  const base = db.selectFrom('events as e');
  const [rows, count] = await Promise.all([
    applyPublicFilters(base.selectAll('e'), filters)
      .select((eb) => [
        visibleTicketTypes(eb)
          .select(sql<number | null>`min(t.price_kobo)`.as('m'))
          .as('lowest_kobo'),
        visibleTicketTypes(eb)
          .select(sql<number | null>`max(t.price_kobo)`.as('m'))
          .as('highest_kobo'),
      ])
      .orderBy('e.start_at')
      .orderBy('e.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    applyPublicFilters(
      base.select(sql<number>`count(*)::int`.as('n')),
      filters,
    ).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as PublicListRow[], total: count.n };
}

// Ticket types ------------------------------------------------------------------------

export function listTicketTypes(db: Db, eventId: string): Promise<TicketTypeRow[]> {
  return db
    .selectFrom('ticket_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findTicketType(
  db: Db,
  eventId: string,
  id: string,
): Promise<TicketTypeRow | undefined> {
  return db
    .selectFrom('ticket_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countTicketTypes(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('ticket_types')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function nextTicketTypePosition(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('ticket_types')
    .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export function insertTicketType(db: Db, row: NewTicketTypeRow): Promise<TicketTypeRow> {
  return db.insertInto('ticket_types').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Updates a ticket type unless the new capacity would fall below what is already sold; the
 * condition sits in the statement, so a sale committing at the same moment cannot slip past.
 */
export function updateTicketType(
  db: Db,
  eventId: string,
  id: string,
  patch: TicketTypePatch,
): Promise<TicketTypeRow | undefined> {
  let query = db
    .updateTable('ticket_types')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .where('id', '=', id);
  if (typeof patch.capacity === 'number') query = query.where('sold', '<=', patch.capacity);
  return query.returningAll().executeTakeFirst();
}

/** Deletes a ticket type only while nothing of it is sold; answers whether it did. */
export async function deleteUnsoldTicketType(
  db: Db,
  eventId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('ticket_types')
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .where('sold', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether any of the event's ticket types costs money. */
export async function hasPaidTicketTypes(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ticket_types')
    .select('id')
    .where('event_id', '=', eventId)
    .where('price_kobo', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// What other modules ask of events (events.lookup.ts) -----------------------------------

/** The owner of an event, or undefined when there is none. */
export function findEventOwner(db: Db, id: string) {
  return db.selectFrom('events').select(['owner_id', 'id']).where('id', '=', id).executeTakeFirst();
}

/** Whether the user owns any event. */
export async function ownsAnyEvent(db: Db, ownerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select(sql<number>`1`.as('one'))
    .where('owner_id', '=', ownerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface EventRefRow {
  id: string;
  title: string;
  start_at: Date | null;
  status: string;
}

/** The organiser's events by id (only theirs), or all of them that are not drafts. */
export function findOrganiserEvents(
  db: Db,
  organiserId: string,
  ids?: readonly string[],
): Promise<EventRefRow[]> {
  if (ids && ids.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('events')
    .select(['id', 'title', 'start_at', 'status'])
    .where('owner_id', '=', organiserId);
  query = ids ? query.where('id', 'in', ids) : query.where('status', '!=', 'draft');
  return query.orderBy('start_at').orderBy('title').execute();
}

/** Ids among `ids` that are events of this organiser. */
export async function findOwnedEventIds(
  db: Db,
  organiserId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where('owner_id', '=', organiserId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** An event's title. */
export async function findEventTitle(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('events').select('title').where('id', '=', id).executeTakeFirst();
  return row?.title;
}

/** How many of the owner's events are in each state (the organiser's home). */
export function countEventsByStatus(db: Db, ownerId: string, now: Date) {
  return db
    .selectFrom('events')
    .where('owner_id', '=', ownerId)
    .select([
      sql<number>`count(*) filter (where status = 'draft')::int`.as('draft'),
      sql<number>`count(*) filter (where status = 'published')::int`.as('published'),
      sql<number>`count(*) filter (where status = 'cancelled')::int`.as('cancelled'),
      sql<number>`count(*) filter (where status = 'published' and (end_at is null or end_at > ${now}))::int`.as(
        'upcoming',
      ),
    ])
    .executeTakeFirstOrThrow();
}
