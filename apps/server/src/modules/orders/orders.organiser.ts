import type { OrderDto } from '@gatepass/shared';
import { inventoryService, type SaleEvent } from '../events/inventory.service.ts';
import type { NewMessage } from '../mail/mail.service.ts';
import {
  alsoByWhatsapp,
  cancelledMessages,
  refundedMessages,
  refundRoute,
} from './orders.change-messages.ts';
import type { RoomDeps } from './orders.config.ts';
import { cannotEnd, noTicketsToSend, onlyPendingMarkedPaid } from './orders.errors.ts';
import * as holdRepo from './orders.holds.repository.ts';
import { confirmationMessages } from './orders.mails.ts';
import * as repo from './orders.repository.ts';
import type { Settlement } from './orders.settlement.ts';
import type { OrderRow } from './orders.table.ts';

/**
 * Tickets resent less than this long ago are not sent again: the organiser's repeated
 * clicks (or twenty at once) send one mail (decision 051).
 */
export const RESEND_WINDOW_SECONDS = 60;
/** Which of these orders hold a waiting-list offer (the waiting list's answer). */
export type OfferOrders = (orderIds: string[]) => Promise<string[]>;

/**
 * The organiser's actions on one order of their event (decision 060): mark paid, cancel,
 * refund, release a hold, resend the tickets, and the event's open holds. Each finds the
 * order through `orderForOwner`, so another organiser's order is "not found".
 */
export class OrganiserActions {
  private offers: OfferOrders | undefined;

  constructor(
    private readonly room: RoomDeps,
    private readonly settlement: Pick<Settlement, 'complete'>,
  ) {}

  /** Set once at start-up (app.ts): the waiting list says which holds are its offers. */
  onOfferOrders(offers: OfferOrders): void {
    this.offers = offers;
  }

  async markPaid(ownerId: string, orderId: string, actorUserId = ownerId): Promise<OrderDto> {
    const order = await this.room.reads.orderForOwner(ownerId, orderId);
    if (order.status !== 'pending') {
      throw onlyPendingMarkedPaid(order.status);
    }
    return this.settlement.complete(order, { method: 'offline', ref: null }, actorUserId);
  }

  async cancel(
    ownerId: string,
    orderId: string,
    reason: string | null,
    actorUserId = ownerId,
  ): Promise<OrderDto> {
    return this.end(ownerId, orderId, 'cancelled', ['pending', 'completed'], reason, actorUserId);
  }

  /**
   * `told`: what the buyer's message says — the organiser's own note (not the Paystack
   * summary the history keeps) and how much went back through Paystack just now.
   */
  async refund(
    ownerId: string,
    orderId: string,
    reason: string | null,
    actorUserId = ownerId,
    told: { note: string | null; paystackKobo: number } = { note: reason, paystackKobo: 0 },
  ): Promise<OrderDto> {
    return this.end(ownerId, orderId, 'refunded', ['completed'], reason, actorUserId, told);
  }

  /** Ends a hold (a pending order) of the organiser's event: its tickets go back on sale. */
  async releaseHold(ownerId: string, orderId: string, actorUserId = ownerId): Promise<OrderDto> {
    const reason = 'Hold released by the organiser';
    return this.end(ownerId, orderId, 'cancelled', ['pending'], reason, actorUserId);
  }

  /** The event's open holds (pending orders), for its organiser (ownership checked by the caller). */
  async openHolds(eventId: string): Promise<(OrderRow & { waitlist_offer: boolean })[]> {
    const holds = await holdRepo.listOpenHolds(this.room.db, eventId);
    // A waiting-list offer's hold (decision 032) is not someone in checkout: the waiting
    // list, which owns its entries, says which holds are its offers.
    const offers = holds.length && this.offers ? await this.offers(holds.map((h) => h.id)) : [];
    const offered = new Set(offers);
    return holds.map((h) => ({ ...h, waitlist_offer: offered.has(h.id) }));
  }

  /** Mails the buyer's confirmation (their tickets) again; only a completed order has tickets. */
  async resendTickets(ownerId: string, orderId: string, actorUserId = ownerId): Promise<void> {
    const found = await this.room.reads.orderForOwner(ownerId, orderId);
    if (found.status !== 'completed') throw noTicketsToSend(found.status);
    const sent = await this.room.db.transaction().execute(async (trx) => {
      // On the locked row: the status again, and one resend however many clicks arrive at
      // once (decision 051). A resend within the window answers the same and sends nothing.
      const order = await repo.lockOrder(trx, found.id);
      if (!order || order.status !== 'completed') throw noTicketsToSend(order?.status ?? 'gone');
      if (await repo.hasRecentHistory(trx, order.id, 'tickets_resent', RESEND_WINDOW_SECONDS)) {
        return false;
      }
      const items = await repo.findOrderItems(trx, [order.id]);
      const event = (await inventoryService.event(trx, order.event_id))!;
      // Each resend is an occasion of its own, but one per minute: twenty clicks (or requests)
      // at once send the tickets once (decision 052).
      const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
      await this.room.mail.enqueueMany(
        trx,
        confirmationMessages(order, items, event, this.room.config, `resend:${minute}`),
      );
      await repo.addHistory(trx, [
        {
          orderId: order.id,
          kind: 'tickets_resent',
          detail: `Tickets sent again to ${order.email}`,
          actorUserId,
        },
      ]);
      return true;
    });
    if (sent) this.room.mail.kick();
  }

  private async end(
    ownerId: string,
    orderId: string,
    to: 'cancelled' | 'refunded',
    from: ('pending' | 'completed')[],
    reason: string | null,
    actorUserId: string,
    told?: { note: string | null; paystackKobo: number },
  ): Promise<OrderDto> {
    const order = await this.room.reads.orderForOwner(ownerId, orderId);
    const ended = await this.room.db.transaction().execute(async (trx) => {
      const row = await repo.endOrder(trx, order.id, to, from);
      if (!row) return undefined;
      await this.room.holds.release(trx, [row]);
      await repo.addHistory(trx, [{ orderId: row.id, kind: to, detail: reason, actorUserId }]);
      // The holder is told in this commit (issue 24 §1): never for a change that rolled back.
      const event = (await inventoryService.event(trx, row.event_id))!;
      await this.room.mail.enqueueMany(
        trx,
        alsoByWhatsapp(
          endMessages(row, event, to, told ?? { note: reason, paystackKobo: 0 }),
          this.room.config.whatsapp,
        ),
      );
      return row;
    });
    if (!ended) {
      throw cannotEnd(to, order.status);
    }
    this.room.mail.kick();
    return this.room.reads.dto(ended);
  }
}

/**
 * What an ended order's holder is told: a refund (amount, how and when it arrives); a
 * cancellation of an order that had tickets, or of an offline order waiting for its
 * payment. A checkout hold or a waiting-list offer that ends is not a change to a ticket.
 */
function endMessages(
  row: OrderRow,
  event: SaleEvent,
  to: 'cancelled' | 'refunded',
  told: { note: string | null; paystackKobo: number },
): NewMessage[] {
  if (to === 'refunded')
    return refundedMessages(row, event, refundRoute(row, told.paystackKobo), told.note);
  if (row.paid_at !== null) return cancelledMessages(row, event, told.note, true);
  if (row.payment_method === 'offline') return cancelledMessages(row, event, told.note, false);
  return [];
}
