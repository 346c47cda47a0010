import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inventoryService } from '../events/inventory.service.ts';
import { promoCodes } from '../promos/promos.codes.ts';
import type { OrderHooks, OrdersConfig } from './orders.config.ts';
import * as holdRepo from './orders.holds.repository.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

/**
 * Tickets an order holds, and giving them back (decision 060): the hold sweeper that ends
 * holds that ran out, and `release`, which every room that ends an order (an expired hold,
 * an organiser's cancel or refund, a withdrawn offer, a payment for a cancelled event)
 * calls in its own transaction, so the tickets, the promo use and the waiting list's next
 * offer move in that same commit.
 */
export class Holds {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Pick<OrdersConfig, 'sweepIntervalMs'>,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: OrderHooks,
  ) {}

  /** Returns the tickets (and promo uses) of orders that no longer hold them. */
  async release(trx: Kysely<Database>, orders: OrderRow[]): Promise<void> {
    if (orders.length === 0) return;
    const items = await repo.findOrderItems(
      trx,
      orders.map((o) => o.id),
    );
    const byType = new Map<string, number>();
    for (const item of items)
      byType.set(item.ticket_type_id, (byType.get(item.ticket_type_id) ?? 0) + item.quantity);
    await inventoryService.releaseAll(
      trx,
      [...byType].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
    );
    for (const order of orders)
      if (order.promo_code_id) await promoCodes.unredeem(trx, order.promo_code_id);
    await this.hooks.released?.(trx, orders, [...byType.keys()]);
  }

  /** Releases expired holds (all events, or one); returns how many orders expired. */
  async expireHolds(eventId?: string): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await this.db.transaction().execute(async (trx) => {
        const orders = await holdRepo.expireDueOrders(trx, 200, eventId);
        await this.release(trx, orders);
        await repo.addHistory(
          trx,
          orders.map((o) => ({
            orderId: o.id,
            kind: 'expired',
            detail: 'Payment not received in time; tickets released',
          })),
        );
        return orders.length;
      });
      total += expired;
      if (expired < 200) return total;
    }
  }

  start(): void {
    this.timer = setInterval(() => {
      this.expireHolds().catch((err: unknown) =>
        this.log.error({ err }, 'releasing expired holds failed'),
      );
    }, this.config.sweepIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
