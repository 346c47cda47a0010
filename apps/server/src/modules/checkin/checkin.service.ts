import { koboToNaira, type DoorOrderDto, type MarkAttendedResponse } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { inventoryService } from '../events/inventory.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import * as repo from './checkin.repository.ts';

/** The door (spec §2 verify-ticket, §7 ticketPurchase calls): owner-only, idempotent. */
export class CheckinService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly orders: OrdersService,
  ) {}

  async doorOrders(userId: string, eventId: string): Promise<DoorOrderDto[]> {
    await this.assertOwner(userId, eventId);
    const rows = await this.orders.admissibleOrders(eventId);
    return rows.map((o) => ({
      _id: o.id,
      orderCode: o.code,
      firstName: o.first_name,
      lastName: o.last_name,
      email: o.email,
      totalPrice: koboToNaira(o.total_kobo),
      quantity: o.quantity,
      attendedAt: o.attended_at ? o.attended_at.toISOString() : null,
      // Only when true: the spec's fields stay as they are for every real order.
      ...(o.payment_method === 'test' ? { testPayment: true } : {}),
    }));
  }

  async markAttended(
    userId: string,
    eventId: string,
    ticketCodes: string[],
  ): Promise<MarkAttendedResponse['data']> {
    await this.assertOwner(userId, eventId);
    const codes = [...new Set(ticketCodes.map((c) => c.trim()).filter(Boolean))];
    const result = await this.orders.markAttended(eventId, codes, userId);
    await repo.insertCheckinLog(this.db, [
      ...result.admitted.map((o) => ({
        eventId,
        orderId: o.orderId,
        code: o.code,
        result: 'admitted' as const,
        userId,
      })),
      ...result.alreadyUsed.map((o) => ({
        eventId,
        orderId: o.orderId,
        code: o.code,
        result: 'already_used' as const,
        userId,
      })),
      ...result.unknown.map((code) => ({
        eventId,
        orderId: null,
        code: code.slice(0, 32),
        result: 'unknown' as const,
        userId,
      })),
    ]);
    const parts = [
      `${result.admitted.length} ticket${result.admitted.length === 1 ? '' : 's'} checked in`,
    ];
    if (result.alreadyUsed.length) parts.push(`${result.alreadyUsed.length} already used`);
    if (result.unknown.length) parts.push(`${result.unknown.length} not recognised`);
    return {
      message: `${parts.join(', ')}.`,
      marked: result.admitted.map((o) => o.code),
      alreadyUsed: result.alreadyUsed.map((o) => ({
        orderCode: o.code,
        attendedAt: o.attendedAt.toISOString(),
      })),
      unknown: result.unknown,
    };
  }

  private async assertOwner(userId: string, eventId: string): Promise<void> {
    const event = await inventoryService.event(this.db, eventId);
    if (!event || event.owner_id !== userId) throw notFound('This event was not found.');
  }
}
