import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { purchase } from './inventory.batch.ts';
import * as inventory from './inventory.repository.ts';

export type { SaleEvent, SaleTicketType } from './inventory.repository.ts';

/**
 * The ticket counter, owned by the events module and used by orders inside the order's
 * own transaction (every function takes the caller's `trx`).
 */
export const inventoryService = {
  async event(db: Kysely<Database>, eventId: string) {
    return (await inventory.findSaleEvents(db, [eventId]))[0];
  },

  events: (db: Kysely<Database>, ids: string[]) => inventory.findSaleEvents(db, ids),

  /**
   * The transaction a purchase of `eventId` runs in: purchases arriving together share one
   * (inventory.batch.ts), so an event's hot ticket row is locked and flushed once per group.
   */
  purchase: <T>(
    db: Kysely<Database>,
    eventId: string,
    work: (trx: Kysely<Database>) => Promise<T>,
  ) => purchase(db, eventId, work),

  ticketTypesForSale: (trx: Kysely<Database>, eventId: string, ids: string[]) =>
    inventory.findSaleTicketTypes(trx, eventId, ids),

  /**
   * Holds every line or none: the caller's transaction rolls back on `false`.
   * `unguarded` is for the oversell test only (UNSAFE_DISABLE_CAPACITY_GUARD).
   */
  async reserveAll(
    trx: Kysely<Database>,
    lines: { ticketTypeId: string; quantity: number }[],
    unguarded = false,
  ): Promise<{ ok: true } | { ok: false; ticketTypeId: string }> {
    const reserve = unguarded ? inventory.reserveUnguarded : inventory.reserve;
    // A stable order (by id) so two orders for the same types never deadlock.
    const sorted = [...lines].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
    for (const line of sorted) {
      if (!(await reserve(trx, line.ticketTypeId, line.quantity))) {
        return { ok: false, ticketTypeId: line.ticketTypeId };
      }
    }
    return { ok: true };
  },

  async releaseAll(
    trx: Kysely<Database>,
    lines: { ticketTypeId: string; quantity: number }[],
  ): Promise<void> {
    const sorted = [...lines].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
    for (const line of sorted) await inventory.release(trx, line.ticketTypeId, line.quantity);
  },
};
