import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OrderChangeHooks, OrderHooks } from './orders.config.ts';
import * as doorRepo from './orders.door.repository.ts';
import { itemsKept, shownTotalKobo } from './orders.named.layout.ts';

/**
 * The door's side of orders (decision 060): who may enter an event, whose codes are refused
 * and why, and letting codes in. The check-in module reads and admits through this only.
 */
export class Door {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly hooks: OrderHooks,
  ) {}

  admissibleOrders(eventId: string) {
    return doorRepo.findAdmissibleOrders(this.db, eventId);
  }

  /** Refunded, cancelled and unpaid orders whose code a holder may bring (the door's reasons). */
  refusedOrders(eventId: string) {
    return doorRepo.findRefusedOrders(this.db, eventId);
  }

  /** Every code an order of this event had before a transfer, with the next holder. */
  transfersOf(eventId: string) {
    return doorRepo.findTransfersOfEvent(this.db, eventId);
  }

  /** Codes of the organiser's other events that have not ended (of `eventIds`, or all). */
  otherEventCodes(organiserId: string, eventIds: string[] | null, exceptEventId: string) {
    return doorRepo.findOtherEventCodes(this.db, organiserId, eventIds, exceptEventId);
  }

  /**
   * The door's list in its compact wire shape (decision 088): all admissible orders, or
   * with `since` (a cursor it gave) only those changed after it and the codes that left.
   */
  list(eventId: string, since: string | null) {
    return doorRepo.doorListJson(this.db, eventId, since);
  }

  /** Whether anything a door's list holds may have changed since its cursor. */
  changedSince(eventId: string, since: string, organiserId: string, eventIds: string[] | null) {
    return doorRepo.changedSince(this.db, eventId, since, organiserId, eventIds);
  }

  admissibleOrderItems(eventId: string) {
    return doorRepo.findAdmissibleOrderItems(this.db, eventId);
  }

  /** Check-in lists (decision 084): the event's completed orders among `codes`, with their types. */
  completedWithTypes(eventId: string, codes: string[]) {
    return doorRepo.findCompletedWithTypes(this.db, eventId, codes);
  }

  /**
   * Check-in lists: the orders let in at a list, in the caller's transaction `trx` (the
   * list's own row is checkin's): the first admission anywhere sets the order's
   * `attended_at` and is the order's check-in webhook; later lists' admissions are not.
   */
  async firstAttended(
    trx: Kysely<Database>,
    eventId: string,
    orderIds: string[],
    userId: string,
    deviceId: string | null,
    ownerId: string,
  ): Promise<void> {
    const rows = await doorRepo.markFirstAttended(trx, eventId, orderIds, userId);
    if (rows.length === 0) return;
    await this.hooks.changes?.checkedIn(
      trx,
      eventId,
      rows.map((o) => o.id),
      deviceId,
      ownerId,
    );
  }

  /** After a committed check-in: the outbox may have webhook deliveries to send. */
  kick(): void {
    this.mail.kick();
  }

  /** The codes among `codes` that were this event's before a transfer. */
  async transferredCodes(eventId: string, codes: string[]): Promise<string[]> {
    const rows = await doorRepo.findTransferredCodes(this.db, eventId, codes);
    return [...new Set(rows.map((t) => t.code))];
  }

  /**
   * The door's list (decision 080): every admissible order with its items as the door shows
   * them — a group order without the tickets it sent on, a sent ticket at its value — and
   * the names given to a group order's tickets still on it (the search finds them).
   */
  async doorList(eventId: string) {
    const [rows, items] = await Promise.all([
      doorRepo.findAdmissibleOrders(this.db, eventId),
      doorRepo.findAdmissibleOrderItems(this.db, eventId),
    ]);
    const itemsOf = new Map<string, typeof items>();
    for (const item of items) {
      const list = itemsOf.get(item.order_id) ?? [];
      list.push(item);
      itemsOf.set(item.order_id, list);
    }
    return rows.map((row) => {
      const own = itemsOf.get(row.id) ?? [];
      const holders = (row.ticket_names ?? [])
        .filter((n) => !n.orderId)
        .map((n) => `${n.firstName} ${n.lastName}`);
      return {
        ...row,
        total_kobo: shownTotalKobo(row, own),
        items: itemsKept(row, own),
        holders,
      };
    });
  }

  /**
   * Records check-ins: which codes got in now, which were in already (and since when),
   * and which are not an admissible order of this event.
   */
  async markAttended(
    eventId: string,
    codes: string[],
    by: { userId: string; deviceId: string | null; ownerId: string },
  ) {
    const changes = this.hooks.changes;
    // No endpoint takes the owner's check-ins (as known within the last second, as the
    // deliveries themselves): the update alone, no transaction around it (decision 089).
    const admitted =
      changes && (await changes.takesCheckins(by.ownerId))
        ? await this.admitTelling(changes, eventId, codes, by)
        : await doorRepo.markAttended(this.db, eventId, codes, by.userId);
    const admittedCodes = new Set(admitted.map((o) => o.code));
    const rest = codes.filter((c) => !admittedCodes.has(c));
    const known = await doorRepo.findOrdersByCodes(this.db, eventId, rest);
    const alreadyUsed = known.filter((o) => o.status === 'completed' && o.attended_at);
    const usedCodes = new Set(alreadyUsed.map((o) => o.code));
    const unknown = rest.filter((c) => !usedCodes.has(c));
    const transferred = await doorRepo.findTransferredCodes(this.db, eventId, unknown);
    return {
      transferred: [...new Set(transferred.map((t) => t.code))],
      admitted: admitted.map((o) => ({ orderId: o.id, code: o.code })),
      alreadyUsed: alreadyUsed.map((o) => ({
        orderId: o.id,
        code: o.code,
        attendedAt: o.attended_at!,
      })),
      unknown,
    };
  }

  /** The check-in and its webhook deliveries (decision 072) in one transaction. */
  private async admitTelling(
    changes: OrderChangeHooks,
    eventId: string,
    codes: string[],
    by: { userId: string; deviceId: string | null; ownerId: string },
  ) {
    let queued = false;
    const admitted = await this.db.transaction().execute(async (trx) => {
      const rows = await doorRepo.markAttended(trx, eventId, codes, by.userId);
      queued = await changes.checkedIn(
        trx,
        eventId,
        rows.map((o) => o.id),
        by.deviceId,
        by.ownerId,
      );
      return rows;
    });
    // The outbox is drained only when a delivery waits.
    if (queued) this.mail.kick();
    return admitted;
  }
}
