import type { Db } from '../../db/database.ts';
import * as repo from './events.repository.ts';

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
};
