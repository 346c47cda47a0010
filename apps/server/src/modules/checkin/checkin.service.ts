import {
  koboToNaira,
  type DoorOrderDto,
  type DoorRefusedCode,
  type MarkAttendedResponse,
} from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { inventoryService } from '../events/inventory.service.ts';
import type { Door } from '../orders/orders.door.ts';
import * as repo from './checkin.repository.ts';

/** The door (spec §2 verify-ticket, §7 ticketPurchase calls): owner-only, idempotent. */
export class CheckinService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly orders: Door,
  ) {}

  async doorOrders(organiserId: string, eventId: string): Promise<DoorOrderDto[]> {
    await this.assertOwner(organiserId, eventId);
    const [rows, items] = await Promise.all([
      this.orders.admissibleOrders(eventId),
      this.orders.admissibleOrderItems(eventId),
    ]);
    const typesByOrder = new Map<string, { name: string; quantity: number }[]>();
    for (const item of items) {
      const types = typesByOrder.get(item.order_id) ?? [];
      const same = types.find((t) => t.name === item.name);
      if (same) same.quantity += item.quantity;
      else types.push({ name: item.name, quantity: item.quantity });
      typesByOrder.set(item.order_id, types);
    }
    return rows.map((o) => ({
      _id: o.id,
      orderCode: o.code,
      firstName: o.first_name,
      lastName: o.last_name,
      email: o.email,
      totalPrice: koboToNaira(o.total_kobo),
      quantity: o.quantity,
      attendedAt: o.attended_at ? o.attended_at.toISOString() : null,
      ticketTypes: typesByOrder.get(o.id) ?? [],
      // Names given in answers at checkout (decision 078), searched at the door; only when some.
      ...(o.answer_names ? { attendeeNames: o.answer_names } : {}),
      // Only when true: the spec's fields stay as they are for every real order.
      ...(o.payment_method === 'test' ? { testPayment: true } : {}),
    }));
  }

  /**
   * The codes this event's door refuses, each with why (issue 24 §1): transferred (to whom,
   * when), refunded, cancelled, unpaid, and the codes of the organiser's other events that
   * have not ended and that the caller may check in (a steward only theirs), with the
   * event's title. Carried with the door list so the reason shows offline too. Ownership
   * is checked by `doorOrders`, which the route calls beside this.
   */
  async refusedCodes(
    actor: { organiserId: string; eventIds: string[] | null },
    eventId: string,
  ): Promise<DoorRefusedCode[]> {
    const iso = (d: Date | null) => (d ? { at: d.toISOString() } : {});
    const [ended, transferred, others] = await Promise.all([
      this.orders.refusedOrders(eventId),
      this.orders.transfersOf(eventId),
      this.orders.otherEventCodes(actor.organiserId, actor.eventIds, eventId),
    ]);
    return [
      ...transferred.map((t) => ({
        code: t.from_code,
        reason: 'transferred' as const,
        to: `${t.to_first_name} ${t.to_last_name}`,
        ...iso(t.created_at),
      })),
      ...ended.map((o) => ({
        code: o.code,
        reason:
          o.paid_at === null
            ? ('unpaid' as const)
            : o.status === 'refunded'
              ? ('refunded' as const)
              : ('cancelled' as const),
        ...(o.paid_at === null ? {} : iso(o.cancelled_at)),
      })),
      ...others.map((o) => ({ code: o.code, reason: 'other_event' as const, event: o.title })),
    ];
  }

  /** `by`: the organiser whose event it is, who scanned (owner or a steward) and with what. */
  async markAttended(
    by: { organiserId: string; userId: string; deviceId: string | null },
    eventId: string,
    ticketCodes: string[],
  ): Promise<MarkAttendedResponse['data']> {
    const { organiserId, userId, deviceId } = by;
    await this.assertOwner(organiserId, eventId);
    const codes = [...new Set(ticketCodes.map((c) => c.trim()).filter(Boolean))];
    const result = await this.orders.markAttended(eventId, codes, userId, deviceId);
    await repo.insertCheckinLog(this.db, [
      ...result.admitted.map((o) => ({
        eventId,
        orderId: o.orderId,
        code: o.code,
        result: 'admitted' as const,
        userId,
        deviceId,
      })),
      ...result.alreadyUsed.map((o) => ({
        eventId,
        orderId: o.orderId,
        code: o.code,
        result: 'already_used' as const,
        userId,
        deviceId,
      })),
      ...result.unknown.map((code) => ({
        eventId,
        orderId: null,
        code: code.slice(0, 32),
        result: 'unknown' as const,
        userId,
        deviceId,
      })),
    ]);
    return {
      message: markAttendedMessage(
        result.admitted.length,
        result.alreadyUsed.length,
        result.unknown.length,
      ),
      marked: result.admitted.map((o) => o.code),
      alreadyUsed: result.alreadyUsed.map((o) => ({
        orderCode: o.code,
        attendedAt: o.attendedAt.toISOString(),
      })),
      unknown: result.unknown,
      ...(result.transferred.length ? { transferred: result.transferred } : {}),
    };
  }

  private async assertOwner(organiserId: string, eventId: string): Promise<void> {
    const event = await inventoryService.event(this.db, eventId);
    if (!event || event.owner_id !== organiserId) throw notFound('This event was not found.');
  }
}

const tickets = (n: number) => `${n} ticket${n === 1 ? '' : 's'}`;

/**
 * The door's 'Send Validated Tickets' toast (spec §7: data.data.message). Codes the server
 * had already (the automatic sync sent them, or another device) are "already sent": that is
 * no rejected ticket, and must not read like the banner's 'Already used'.
 */
export function markAttendedMessage(admitted: number, alreadySent: number, unknown: number) {
  const parts: string[] = [];
  if (admitted) parts.push(`${tickets(admitted)} checked in`);
  if (alreadySent) {
    parts.push(
      admitted
        ? `${alreadySent} already sent earlier`
        : `${alreadySent === 1 ? 'This ticket was' : `All ${alreadySent} tickets were`} already sent`,
    );
  }
  if (unknown) parts.push(`${tickets(unknown)} not recognised for this event`);
  if (parts.length === 0) return 'No validated tickets to send yet.';
  return `${parts.join('; ')}.`;
}
