import { buyerSetsPrice, LIMITS, type OrderDto } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newToken, randomDigits, sha256 } from '../../lib/secrets.ts';
import { inventoryService, type SaleEvent } from '../events/inventory.service.ts';
import { checkBasket } from './orders.checkout.ts';
import type { OrderHooks, RoomDeps } from './orders.config.ts';
import { toOrderDto } from './orders.dto.ts';
import { emailKey } from './orders.limits.ts';
import { confirmationMessages } from './orders.mails.ts';
import { insertAccessToken } from './orders.manage.repository.ts';
import type { OrganiserActions } from './orders.organiser.ts';
import * as payRepo from './orders.payment.repository.ts';
import { priceOrder, type PricedLine } from './orders.pricing.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

/** A pending order that holds a waiting-list offer's tickets (decision 032). */
export interface OfferHold {
  eventId: string;
  ticketTypeId: string;
  quantity: number;
  firstName: string;
  lastName: string;
  email: string;
  until: Date;
}
/**
 * What the waiting list asks of orders (decision 060): hold an offer's tickets as a pending
 * order, complete a free one, withdraw one, show one to its claim link, and end one for the
 * organiser. It never names the orders tables or repository.
 */
export interface OfferHolds {
  holdForOffer: Offers['holdForOffer'];
  completeFreeOffer: Offers['completeFreeOffer'];
  withdrawOffer: Offers['withdrawOffer'];
  dtoById: Offers['dtoById'];
  grantAccess: Offers['grantAccess'];
  releaseHold: Offers['releaseHold'];
  orderCodes: Offers['orderCodes'];
}

/** Waiting-list offers held as pending orders (decision 032). */
export class Offers implements OfferHolds {
  constructor(
    private readonly room: RoomDeps,
    private readonly organiser: Pick<OrganiserActions, 'releaseHold'>,
    private readonly hooks: OrderHooks,
  ) {}

  /**
   * Inside the caller's transaction: holds `quantity` tickets of one type for a waiting-list
   * offer as a pending order, with the checkout's own guarded take of the tickets
   * (`sold + n <= capacity`), so an offer can never oversell. Undefined when the tickets
   * are not there (someone else took them) or the type is no longer on sale.
   */
  async holdForOffer(
    trx: Kysely<Database>,
    input: OfferHold,
  ): Promise<{ order: OrderRow; typeName: string } | undefined> {
    const state = await inventoryService.saleState(trx, input.eventId, false);
    const types = new Map(state.types.map((t) => [t.id, t]));
    let lines: PricedLine[];
    let event: SaleEvent;
    try {
      // The basket's rules, except the per-order minimum (the person asked for this many).
      const type = types.get(input.ticketTypeId);
      const checked = checkBasket(
        state.event,
        type ? new Map([[type.id, { ...type, min_per_order: 1 }]]) : types,
        [
          {
            ticketTypeId: input.ticketTypeId,
            quantity: input.quantity,
            // Pay what you want: an offer is held at the minimum (decision 086).
            ...(type && buyerSetsPrice(type.kind) ? { amount: type.price_kobo / 100 } : {}),
          },
        ],
        Date.now(),
      );
      lines = checked.lines;
      event = checked.event;
    } catch (err) {
      if (err instanceof AppError) return undefined;
      throw err;
    }
    const taken = await inventoryService.reserveAll(
      trx,
      [{ ticketTypeId: input.ticketTypeId, quantity: input.quantity }],
      this.room.config.unsafeDisableCapacityGuard,
    );
    if (!taken.ok) return undefined;
    const pricing = priceOrder(lines, null, event.fee_mode);
    let order: OrderRow | undefined;
    for (let attempt = 0; attempt < 5 && !order; attempt++) {
      [order] = await repo.insertOrders(trx, [
        {
          code: randomDigits(LIMITS.orderCodeLength),
          eventId: event.id,
          buyerUserId: null,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: '',
          emailKey: emailKey(input.email),
          phoneKey: '',
          status: 'pending',
          paymentMethod: null,
          ...pricing,
          feeMode: event.fee_mode,
          promoCodeId: null,
          accessTokenHash: sha256(newToken()),
          reservedUntil: input.until,
          paidAt: null,
        },
      ]);
    }
    if (!order) throw new Error('could not draw a free order code in 5 attempts');
    await repo.insertOrderItems(
      trx,
      lines.map((line) => ({ orderId: order.id, ...line })),
    );
    await repo.addHistory(trx, [
      {
        orderId: order.id,
        kind: 'created',
        detail: `Offered from the waiting list; tickets held until ${input.until.toISOString()}`,
      },
    ]);
    return { order, typeName: lines[0]!.name };
  }

  /**
   * A free offer needs no payment: claiming it completes the order and mails the tickets.
   * Undefined when the offer's hold ran out meanwhile.
   */
  async completeFreeOffer(orderId: string): Promise<OrderDto | undefined> {
    const result = await this.room.db.transaction().execute(async (trx) => {
      const order = await payRepo.completePendingOrder(trx, orderId, { method: 'free', ref: null });
      if (!order) return undefined;
      const items = await repo.findOrderItems(trx, [order.id]);
      const event = (await inventoryService.event(trx, order.event_id))!;
      await repo.addHistory(trx, [
        { orderId: order.id, kind: 'paid', detail: 'Free tickets claimed from the waiting list' },
      ]);
      await this.room.mail.enqueueMany(
        trx,
        confirmationMessages(order, items, event, this.room.config),
      );
      await this.hooks.completed?.(trx, [{ order, items, event }], 'later');
      return { order, items, event };
    });
    if (!result) return undefined;
    this.room.mail.kick();
    return this.room.reads.forBuyer(
      toOrderDto(result.order, result.items, result.event),
      result.order,
    );
  }

  /**
   * Ends a waiting-list offer's hold in the caller's transaction, when the person leaves the
   * list themselves (decision 047): its tickets go back and on to the next person in line.
   */
  async withdrawOffer(trx: Kysely<Database>, orderId: string): Promise<void> {
    const row = await repo.endOrder(trx, orderId, 'cancelled', ['pending']);
    if (!row) return;
    await this.room.holds.release(trx, [row]);
    const detail = 'The buyer left the waiting list; the offer was withdrawn';
    await repo.addHistory(trx, [{ orderId: row.id, kind: 'cancelled', detail }]);
  }

  /** The order's view for a fresh access token (a waiting-list claim link's). */
  dtoById(orderId: string): Promise<OrderDto | undefined> {
    return this.room.reads.dtoById(orderId);
  }

  /** An access token that reads the offer's order until `until` (the claim link's). */
  grantAccess(orderId: string, tokenHash: string, until: Date): Promise<void> {
    return insertAccessToken(this.room.db, orderId, tokenHash, until);
  }

  /** The codes of these orders, by id (the organiser's waiting list shows each offer's). */
  async orderCodes(orderIds: string[]): Promise<Map<string, string>> {
    const rows = await repo.findOrderCodes(this.room.db, orderIds);
    return new Map(rows.map((r) => [r.id, r.code]));
  }

  /** Ends an offer's hold for the organiser who removed its entry (404 for another's). */
  releaseHold(ownerId: string, orderId: string): Promise<OrderDto> {
    return this.organiser.releaseHold(ownerId, orderId);
  }
}
