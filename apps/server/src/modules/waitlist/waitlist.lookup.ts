import type { Db } from '../../db/database.ts';
import * as repo from './waitlist.repository.ts';

/**
 * What other modules ask of the waiting list (`waitlist_entries` is this module's table,
 * decision 064): messages to an event's attendees may write to the people in line.
 */
export const waitlistLookup = {
  /** Who is still waiting for the event's tickets (of some ticket types). */
  waitingOf: (db: Db, eventId: string, ticketTypeIds?: readonly string[]) =>
    repo.findWaitingContacts(db, eventId, ticketTypeIds),
};
