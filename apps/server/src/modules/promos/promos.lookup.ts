import type { Db } from '../../db/database.ts';
import * as repo from './promos.repository.ts';

/**
 * What others ask of promo codes (the team's access check): `promo_codes` is the promos
 * module's table (decision 064).
 */
export const promoLookup = {
  /** The event the code belongs to, or undefined when there is no such code. */
  eventOf: (db: Db, promoId: string) => repo.findPromoEventId(db, promoId),

  /** The code's text, or null, as a value in the caller's statement (orders' lists). */
  codeOf: repo.codeOf,
};
