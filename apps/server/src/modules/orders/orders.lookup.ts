import type { Db } from '../../db/database.ts';
import * as repo from './orders.repository.ts';

/**
 * What other modules' repositories ask of orders (the team's access check): `orders` is the
 * orders module's table (decisions 060, 064); like the other owners' lookups, each function
 * takes the caller's `db` or `trx`.
 */
export const orderLookup = {
  /** The event the order belongs to, or undefined when there is no such order. */
  async eventOf(db: Db, orderId: string): Promise<string | undefined> {
    return (await repo.findOrderEvent(db, orderId))?.event_id;
  },
};
