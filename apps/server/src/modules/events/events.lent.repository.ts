import { expressionBuilder, sql, type AliasableExpression, type Expression } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { EventRow } from './events.table.ts';

/**
 * Events' values lent into other modules' statements (decision 065): scalar subqueries
 * over `events` and `ticket_types` keyed by a column the caller passes, and the sets of an
 * organiser's event ids a caller filters by. Only this module names its tables (decision
 * 064); a report of orders, promo codes, tracking or the waiting list stays one statement.
 */

type Id = Expression<string>;

const eb = expressionBuilder<Database, never>();

const ofEvent = (eventId: Id) => eb.selectFrom('events as ev').where('ev.id', '=', eventId);
const ofType = (ticketTypeId: Id) =>
  eb.selectFrom('ticket_types as tt').where('tt.id', '=', ticketTypeId);

/** The event's title, slug, start, owner, time zone, status and last change. */
export const titleOf = (eventId: Id) => ofEvent(eventId).select('ev.title').$asScalar();
export const slugOf = (eventId: Id) => ofEvent(eventId).select('ev.slug').$asScalar();
export const startAtOf = (eventId: Id) => ofEvent(eventId).select('ev.start_at').$asScalar();
export const ownerOf = (eventId: Id) => ofEvent(eventId).select('ev.owner_id').$asScalar();
export const timeZoneOf = (eventId: Id) => ofEvent(eventId).select('ev.time_zone').$asScalar();
export const statusOf = (eventId: Id) => ofEvent(eventId).select('ev.status').$asScalar();
export const updatedAtOf = (eventId: Id) => ofEvent(eventId).select('ev.updated_at').$asScalar();

/** The ticket type's name, and its place in the event's order of types. */
export const ticketTypeNameOf = (ticketTypeId: Id) =>
  ofType(ticketTypeId).select('tt.name').$asScalar();
export const ticketTypePositionOf = (ticketTypeId: Id) =>
  ofType(ticketTypeId).select('tt.position').$asScalar();
export const ticketTypeCreatedAtOf = (ticketTypeId: Id) =>
  ofType(ticketTypeId).select('tt.created_at').$asScalar();
/** The event's ticket type names in its order of types, as a JSON array's text (the door's). */
export const ticketTypeNamesOf = (eventId: Id) =>
  eb
    .selectFrom('ticket_types as tt')
    .where('tt.event_id', '=', eventId)
    .select(
      sql<string>`coalesce(json_agg(tt.name order by tt.position, tt.created_at), '[]')::text`.as(
        'names',
      ),
    )
    .$asScalar();

/** Which of an organiser's events a caller's statement keeps. */
export interface EventSet {
  /** The organiser's (leave out only with `eventId`: that one event, whoever owns it). */
  ownerId?: string | undefined;
  /** Only this event (still only if the organiser's). */
  eventId?: string | undefined;
  /** Only these events (a steward's). */
  ids?: readonly string[] | null | undefined;
  /** Leave this event out. */
  exceptId?: string | undefined;
  /** `published`: published only; `on-sale`: every one but drafts. */
  status?: 'published' | 'on-sale' | undefined;
  /** Only events that have not ended by then (no end, or a later one); `now`: the database's. */
  liveAt?: Date | 'now' | undefined;
}

function inSet(set: EventSet) {
  let query = eb.selectFrom('events as ev');
  if (set.ownerId !== undefined) query = query.where('ev.owner_id', '=', set.ownerId);
  else if (set.eventId === undefined) throw new Error('An event set needs an owner or an event.');
  if (set.eventId) query = query.where('ev.id', '=', set.eventId);
  // An empty list is the caller's to answer (no statement): `in ()` is not SQL.
  if (set.ids) query = query.where('ev.id', 'in', set.ids);
  if (set.exceptId) query = query.where('ev.id', '!=', set.exceptId);
  if (set.status === 'published') query = query.where('ev.status', '=', 'published');
  if (set.status === 'on-sale') query = query.where('ev.status', '<>', 'draft');
  const liveAt = set.liveAt;
  if (liveAt) {
    const at = liveAt === 'now' ? sql<Date>`now()` : liveAt;
    query = query.where((w) => w.or([w('ev.end_at', 'is', null), w('ev.end_at', '>', at)]));
  }
  return query;
}

/** The ids of the events in the set: a subquery for `in` (or a `with` query's body). */
export const idsOf = (set: EventSet) => inSet(set).select('ev.id');

/**
 * The events in the set as a derived table for another module's report (finances' figures
 * per event): id, title, slug, status and start.
 */
export const eventsIn = (set: EventSet) =>
  inSet(set).select(['ev.id', 'ev.title', 'ev.slug', 'ev.status', 'ev.start_at']);

/** The tickets an event offers in all (its types' capacities). */
export const capacityOf = (eventId: Id) =>
  eb
    .selectFrom('ticket_types as tt')
    .select(sql<number>`coalesce(sum(tt.capacity), 0)::int`.as('capacity'))
    .where('tt.event_id', '=', eventId)
    .$asScalar();

/** The event published under `slug`, or null: a value for a statement over many slugs. */
export const publishedIdBySlug = (slug: Expression<string>) =>
  eb
    .selectFrom('events as ev')
    .select('ev.id')
    .where('ev.slug', '=', slug)
    .where('ev.status', '=', 'published')
    .$asScalar();

/** Ticket types with tickets left (of one event when given): a subquery for `in`. */
export function typesWithTicketsLeft(eventId?: string) {
  let query = eb
    .selectFrom('ticket_types as tt')
    .select('tt.id')
    .where(sql<boolean>`tt.sold < tt.capacity`);
  if (eventId) query = query.where('tt.event_id', '=', eventId);
  return query;
}

// Whole reads for other modules (events.lookup.ts) --------------------------------------

/** The organiser's event by id, with its slug (tracking's links). */
export function findOwnedEvent(
  db: Db,
  organiserId: string,
  eventId: string,
): Promise<Pick<EventRow, 'id' | 'slug'> | undefined> {
  return db
    .selectFrom('events')
    .select(['id', 'slug'])
    .where('id', '=', eventId)
    .where('owner_id', '=', organiserId)
    .executeTakeFirst();
}

/**
 * What initializing a Paystack payment needs of the order's event: its owner, the channels
 * it takes and the owner's verified payout subaccount (`subaccountOf`, settings' value: null
 * unless verified), in one statement.
 */
export function findPaystackFacts(
  db: Db,
  eventId: string,
  subaccountOf: (userId: Expression<string>) => AliasableExpression<string | null>,
) {
  return db
    .selectFrom('events')
    .select([
      'events.owner_id',
      'events.paystack_channels',
      subaccountOf(sql.ref<string>('events.owner_id')).as('subaccount_code'),
    ])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}

/** What a message to an event's attendees says of it (messages: announcements, reminders). */
export interface MessageFactsRow {
  id: string;
  owner_id: string;
  slug: string;
  title: string;
  status: EventRow['status'];
  start_at: Date | null;
  time_zone: string;
  venue_name: string | null;
  address: string | null;
  city: string | null;
  online_url: string | null;
}

export function findMessageFacts(db: Db, eventId: string): Promise<MessageFactsRow | undefined> {
  return db
    .selectFrom('events')
    .select([
      'id',
      'owner_id',
      'slug',
      'title',
      'status',
      'start_at',
      'time_zone',
      'venue_name',
      'address',
      'city',
      'online_url',
    ])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/** The event's ticket types, in the event's order (messages' segment picker). */
export function findTicketTypeNames(
  db: Db,
  eventId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('ticket_types')
    .select(['id', 'name'])
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}
