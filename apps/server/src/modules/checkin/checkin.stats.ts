import type { Db } from '../../db/database.ts';
import * as repo from './checkin.repository.ts';

export type { CheckinStatRow, ListUserStatRow } from './checkin.repository.ts';

/**
 * What others read of the door's log (the team's check-in statistics): `checkin_log` is the
 * checkin module's table, and only its repository names it (decision 064).
 */
export const checkinStats = {
  /** Admissions per user who scanned them, most first. */
  byUser: (db: Db, eventId: string) => repo.checkinsByUser(db, eventId),
  /** Admissions per clock hour, oldest first. */
  byHour: (db: Db, eventId: string) => repo.checkinsByHour(db, eventId),
  /** Admissions per check-in list and per user, lists in the order they were made. */
  byListAndUser: (db: Db, eventId: string) => repo.checkinsByListAndUser(db, eventId),
};

/**
 * What the team asks of the check-in lists (decision 084): a list's event, to give a door
 * steward a list of an event they check, and the lists' names for the team page.
 */
export const checkinListLookup = {
  find: (db: Db, listId: string) => repo.findList(db, listId),
};
