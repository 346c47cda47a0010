import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import * as inventory from './inventory.repository.ts';

export type { LentEventValue, SaleEvent, SaleTicketType } from './inventory.repository.ts';
export { PurchaseGroups, type GroupRunner, type Settled } from './inventory.batch.ts';

type Lines = { ticketTypeId: string; quantity: number }[];

/** A stable order (by id), so two transactions taking the same types never deadlock. */
const byId = (lines: Lines) =>
  [...lines].sort((a, b) =>
    a.ticketTypeId < b.ticketTypeId ? -1 : a.ticketTypeId > b.ticketTypeId ? 1 : 0,
  );

/**
 * The ticket counter, owned by the events module and used by orders inside the order's
 * own transaction (every function takes the caller's `trx`).
 */
export const inventoryService = {
  async event(db: Kysely<Database>, eventId: string) {
    return (await inventory.findSaleEvents(db, [eventId]))[0];
  },

  events: (db: Kysely<Database>, ids: string[]) => inventory.findSaleEvents(db, ids),

  /** The event with this slug, whatever its status (callers decide what to show). */
  eventBySlug: (db: Kysely<Database>, slug: string) => inventory.findSaleEventBySlug(db, slug),

  /** Whether the event was cancelled, read under a share lock held until `trx` ends. */
  cancelledForPayment: async (trx: Kysely<Database>, eventId: string) =>
    (await inventory.lockEventStatus(trx, eventId)) === 'cancelled',

  /**
   * The event, read under a share lock held until `trx` ends: what `cancelledForPayment`
   * checks and what the payment's confirmation needs, in one statement.
   */
  eventForPayment: (trx: Kysely<Database>, eventId: string) =>
    inventory.lockSaleEvent(trx, eventId),

  /**
   * The tickets left of a type and its event, the type's row locked (`FOR NO KEY UPDATE`)
   * until `trx` ends: the waiting list's offers of one type, one process at a time.
   */
  lockTicketsLeft: (trx: Kysely<Database>, ticketTypeId: string) =>
    inventory.lockTicketsLeft(trx, ticketTypeId),

  /** The tickets an event offers in all (per-address limits are a share of it). */
  capacity: (db: Kysely<Database>, eventId: string) => inventory.eventCapacity(db, eventId),

  ticketTypesForSale: (trx: Kysely<Database>, eventId: string, ids: string[]) =>
    inventory.findSaleTicketTypes(trx, eventId, ids),

  /**
   * The event and all its ticket types, read once for a group of purchases. With `lock`,
   * the types' rows stay locked (in id order) until `trx` ends, so `sold` as read is exact
   * for the whole transaction; without, it is a snapshot that `reserveAll` re-checks.
   */
  async saleState(trx: Kysely<Database>, eventId: string, lock: boolean) {
    const [event] = await inventory.findSaleEvents(trx, [eventId]);
    const types = event ? await inventory.findEventTicketTypes(trx, eventId, lock) : [];
    return { event, types };
  },

  /**
   * `saleState` with a value another module lends into the event's read (checkout's
   * questions, decision 078): the same two statements.
   */
  async saleStateWith<T>(
    trx: Kysely<Database>,
    eventId: string,
    lock: boolean,
    lent: inventory.LentEventValue<T>,
  ) {
    const event = await inventory.findSaleEventWith(trx, eventId, lent);
    const types = event ? await inventory.findEventTicketTypes(trx, eventId, lock) : [];
    return { event, types };
  },

  /**
   * Takes every line or none, each with one conditional UPDATE (`sold + n <= capacity`,
   * DESIGN §4) in id order: on a refusal, what was already taken is given back in the same
   * transaction, so the caller needs neither a savepoint nor a rollback to stay exact.
   * `unguarded` is for the oversell test only (UNSAFE_DISABLE_CAPACITY_GUARD).
   */
  async reserveAll(
    trx: Kysely<Database>,
    lines: Lines,
    unguarded = false,
  ): Promise<{ ok: true } | { ok: false; ticketTypeId: string }> {
    const reserve = unguarded ? inventory.reserveUnguarded : inventory.reserve;
    const taken: Lines = [];
    for (const line of byId(lines)) {
      if (!(await reserve(trx, line.ticketTypeId, line.quantity))) {
        for (const back of taken) await inventory.release(trx, back.ticketTypeId, back.quantity);
        return { ok: false, ticketTypeId: line.ticketTypeId };
      }
      taken.push(line);
    }
    return { ok: true };
  },

  /**
   * TEST ONLY (UNSAFE_DISABLE_CAPACITY_GUARD): a group's naive write — `sold` set to what
   * the group read at its start plus what it sold, with no re-check (a lost update).
   */
  async overwriteAllUnguarded(
    trx: Kysely<Database>,
    lines: Lines,
    soldAsRead: ReadonlyMap<string, number>,
  ): Promise<void> {
    for (const line of byId(lines)) {
      const sold = (soldAsRead.get(line.ticketTypeId) ?? 0) + line.quantity;
      await inventory.overwriteSoldUnguarded(trx, line.ticketTypeId, sold);
    }
  },

  async releaseAll(trx: Kysely<Database>, lines: Lines): Promise<void> {
    for (const line of byId(lines)) await inventory.release(trx, line.ticketTypeId, line.quantity);
  },
};
