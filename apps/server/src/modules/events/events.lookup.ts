import type { Db } from '../../db/database.ts';
import { organisers } from '../settings/settings.organisers.ts';
import * as lent from './events.lent.repository.ts';
import * as repo from './events.repository.ts';

export type { EventSet } from './events.lent.repository.ts';

export type { EventRefRow as EventRef } from './events.repository.ts';

/**
 * What other modules ask of events (team, mail, finances): `events` and `ticket_types` are
 * the events module's tables, and only its repositories name them (decision 064). Every
 * function takes the caller's `db` or `trx`. Checkout's reads are `inventoryService`.
 */
export const eventLookup = {
  /** The event's owner, or undefined when there is no such event. */
  async ownerOf(
    db: Db,
    eventId: string,
  ): Promise<{ ownerId: string; eventId: string } | undefined> {
    const row = await repo.findEventOwner(db, eventId);
    return row && { ownerId: row.owner_id, eventId: row.id };
  },

  /** Whether the user owns any event. */
  ownsAny: (db: Db, ownerId: string) => repo.ownsAnyEvent(db, ownerId),

  /** The organiser's events by id (only theirs), or all of them that are not drafts. */
  ofOrganiser: (db: Db, organiserId: string, ids?: readonly string[]) =>
    repo.findOrganiserEvents(db, organiserId, ids),

  /** Ids among `ids` that are events of this organiser. */
  ownedIds: (db: Db, organiserId: string, ids: readonly string[]) =>
    repo.findOwnedEventIds(db, organiserId, ids),

  title: (db: Db, eventId: string) => repo.findEventTitle(db, eventId),

  /** How many of the owner's events are drafts, published, cancelled, upcoming. */
  counts: (db: Db, ownerId: string, now: Date) => repo.countEventsByStatus(db, ownerId, now),

  /** The organiser's event's id and slug, or undefined when not theirs. */
  owned: (db: Db, organiserId: string, eventId: string) =>
    lent.findOwnedEvent(db, organiserId, eventId),

  /** Initializing a Paystack payment: the owner, channels and verified payout subaccount. */
  paystackFacts: (db: Db, eventId: string) =>
    lent.findPaystackFacts(db, eventId, organisers.payoutSubaccountOf),

  /** An event's title, place, start and zone, its owner and status (messages to attendees). */
  messageFacts: (db: Db, eventId: string) => lent.findMessageFacts(db, eventId),
  /** The event's ticket types' ids and names, in order (messages' segments). */
  ticketTypeNames: (db: Db, eventId: string) => lent.findTicketTypeNames(db, eventId),

  // Values lent into the caller's statement (decision 065): keyed by the caller's column.
  titleOf: lent.titleOf,
  slugOf: lent.slugOf,
  startAtOf: lent.startAtOf,
  ownerIdOf: lent.ownerOf,
  timeZoneOf: lent.timeZoneOf,
  statusOf: lent.statusOf,
  updatedAtOf: lent.updatedAtOf,
  ticketTypeNameOf: lent.ticketTypeNameOf,
  ticketTypePositionOf: lent.ticketTypePositionOf,
  ticketTypeCreatedAtOf: lent.ticketTypeCreatedAtOf,
  ticketTypeNamesOf: lent.ticketTypeNamesOf,
  publishedIdBySlug: lent.publishedIdBySlug,
  /** The ids of an organiser's events (a subquery for `in`). */
  idsOf: lent.idsOf,
  /** The events in a set as a derived table (id, title, slug, status, start, capacity). */
  eventsIn: lent.eventsIn,
  /** The tickets an event offers in all. */
  capacityOf: lent.capacityOf,
  /** Ticket types with tickets left (a subquery for `in`). */
  typesWithTicketsLeft: lent.typesWithTicketsLeft,
};
