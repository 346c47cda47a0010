import type { Db } from '../../db/database.ts';
import * as repo from './checkin.repository.ts';

export type { CheckinStatRow } from './checkin.repository.ts';

/**
 * What others read of the door's log (the team's check-in statistics): `checkin_log` is the
 * checkin module's table, and only its repository names it (decision 064).
 */
export const checkinStats = {
  /** Admissions per user who scanned them, most first. */
  byUser: (db: Db, eventId: string) => repo.checkinsByUser(db, eventId),
  /** Admissions per clock hour, oldest first. */
  byHour: (db: Db, eventId: string) => repo.checkinsByHour(db, eventId),
};
