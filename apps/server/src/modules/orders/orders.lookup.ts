import type { Db } from '../../db/database.ts';
import * as finances from './orders.finances.repository.ts';
import * as lent from './orders.lent.repository.ts';
import * as repo from './orders.repository.ts';

export type { OrderContact, OrderFigures, OrderSnapshot } from './orders.lent.repository.ts';
/** Finances' rows and filters (re-exported by finances' repository, which asks here). */
export type * from './orders.finances.repository.ts';

/**
 * What other modules ask of orders (the team's access check, webhooks, wallet, tracking,
 * events' figures, finances): `orders` is the
 * orders module's table (decisions 060, 064); like the other owners' lookups, each function
 * takes the caller's `db` or `trx`.
 */
export const orderLookup = {
  /** The event the order belongs to, or undefined when there is no such order. */
  async eventOf(db: Db, orderId: string): Promise<string | undefined> {
    return (await repo.findOrderEvent(db, orderId))?.event_id;
  },

  /** Orders as a webhook describes them, with their event and lines (webhooks). */
  snapshots: (db: Db, orderIds: string[]) => lent.findSnapshots(db, orderIds),

  /** The newest change of the order and its event, as text (the wallet's stamp). */
  changeStamp: (db: Db, orderId: string) => lent.findChangeStamp(db, orderId),

  /** Tickets of each type held by pending orders of the event (events' manage view). */
  heldByType: (db: Db, eventId: string) => lent.findHeldByType(db, eventId),

  /** An event's completed orders' buyers, by ticket types and check-in (messages to attendees). */
  contactsOf: lent.findContacts,

  // Values lent into the caller's statement (decision 065).
  /** The newest change of the order and its event (the wallet's sweeper). */
  changedAtOf: lent.changedAtOf,
  /** An event's tickets sold, tickets held and money taken (events' lists). */
  soldOf: lent.soldOf,
  heldOf: lent.heldOf,
  grossOf: lent.grossOf,
  /** One order's id, event, total and status as a derived table (tracking's source). */
  orderRowOf: lent.orderRowOf,
  /** Every order of some events as a derived table (tracking's figures). */
  ordersOfEvents: lent.ordersOfEvents,

  /** Finances' sums over completed orders of an organiser's events (decision 077). */
  finances: {
    totals: finances.totals,
    testOrders: finances.testOrders,
    perEvent: finances.perEvent,
    daily: finances.daily,
    exportBatch: finances.exportBatch,
    pendingFigures: finances.pendingFigures,
    upcomingEvents: finances.upcomingEvents,
  },

  /** The payout ledger's values for payments' statement: the order's code, its event's title. */
  codeOf: finances.codeOf,
  eventTitleOf: finances.eventTitleOf,
  /** The orders of an organiser's events (of one event when given): a subquery for `in`. */
  idsOfEvents: finances.idsOfEvents,
};
