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
import type { CheckinLists, ListWithTypes } from './checkin.lists.ts';
import * as repo from './checkin.repository.ts';
import { DoorLists, entryOf, type DoorListAnswer } from './checkin.door-list.ts';

/** Who is at the door: the organiser it acts for, the user, their role and list. */
export interface DoorActor {
  organiserId: string;
  userId: string;
  role: string;
  eventIds: string[] | null;
  checkinListId?: string | null | undefined;
}

/** The door (spec §2 verify-ticket, §7 ticketPurchase calls): owner-only, idempotent. */
export class CheckinService {
  private readonly compact: DoorLists;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly orders: Door,
    readonly lists: CheckinLists,
  ) {
    this.compact = new DoorLists(orders, (scope, eventId) => this.refusedCodes(scope, eventId));
  }

  /**
   * The door's compact list (issue 23 §3, decision 088): the whole list for a device that
   * has none (`since` null), or what changed since the cursor of its last answer. A door at
   * a check-in list (decision 084; a steward given one always is) gets that list's answer in
   * the same rows, whole each time: lists are the spec route's, read and shaped per call.
   */
  async doorList(actor: DoorActor, eventId: string, since: string | null): Promise<DoorListAnswer> {
    await this.assertOwner(actor.organiserId, eventId);
    if (await this.lists.doorList(actor, eventId, undefined)) {
      const { data, refused } = await this.door(actor, eventId, undefined);
      return { full: true, entry: entryOf(data, refused) };
    }
    return this.compact.answer(actor, eventId, since);
  }

  /**
   * The door's list (spec §7) at a check-in list or, without one, the whole event's as
   * before lists (decision 084): at a list, the orders it takes with when each was let in
   * there, and the event's other orders among the refused codes with their ticket type and
   * the list that takes them. A steward given a list of this event always gets that list.
   */
  async door(
    actor: DoorActor,
    eventId: string,
    requestedList: string | undefined,
  ): Promise<{
    data: DoorOrderDto[];
    refused: DoorRefusedCode[];
    list: { id: string; name: string } | null;
  }> {
    await this.assertOwner(actor.organiserId, eventId);
    const list = await this.lists.doorList(actor, eventId, requestedList);
    if (!list) {
      const [data, refused] = await Promise.all([
        this.doorOrdersOf(eventId),
        this.refusedCodes(actor, eventId),
      ]);
      return { data, refused, list: null };
    }
    const [atList, refused] = await Promise.all([
      this.listOrders(eventId, list),
      this.refusedCodes(actor, eventId),
    ]);
    return {
      data: atList.data,
      refused: [...refused, ...atList.refused],
      list: { id: list.id, name: list.name },
    };
  }

  /** Orders on a list (any of their types is the list's) and the event's others, refused. */
  private async listOrders(eventId: string, list: ListWithTypes) {
    const [orders, items, entries, all] = await Promise.all([
      this.doorOrdersOf(eventId),
      this.orders.admissibleOrderItems(eventId),
      repo.findListEntries(this.db, list.id),
      this.lists.withTypes(eventId),
    ]);
    const takes = new Set(list.types.map((t) => t.id));
    const typesOf = new Map<string, { id: string; name: string }[]>();
    for (const item of items) {
      const types = typesOf.get(item.order_id) ?? [];
      types.push({ id: item.ticket_type_id, name: item.name });
      typesOf.set(item.order_id, types);
    }
    const admittedAt = new Map(entries.map((e) => [e.order_id, e.created_at]));
    const data: DoorOrderDto[] = [];
    const refused: DoorRefusedCode[] = [];
    for (const order of orders) {
      const types = typesOf.get(order._id) ?? [];
      if (types.some((t) => takes.has(t.id))) {
        const at = admittedAt.get(order._id);
        data.push({ ...order, attendedAt: at ? at.toISOString() : null });
      } else {
        refused.push({ code: order.orderCode, reason: 'other_list', ...elsewhere(types, all) });
      }
    }
    return { data, refused };
  }

  async doorOrders(organiserId: string, eventId: string): Promise<DoorOrderDto[]> {
    await this.assertOwner(organiserId, eventId);
    return this.doorOrdersOf(eventId);
  }

  private async doorOrdersOf(eventId: string): Promise<DoorOrderDto[]> {
    // A group order's named tickets (decision 080): the door's list says whose they are,
    // and a group order shows only the tickets it still admits.
    const rows = await this.orders.doorList(eventId);
    const typesByOrder = new Map<string, { name: string; quantity: number }[]>();
    // People each order lets in (decision 086): a table admits its seats, a donation no one.
    const admitsByOrder = new Map<string, number>();
    for (const item of rows.flatMap((o) => o.items)) {
      admitsByOrder.set(
        item.order_id,
        (admitsByOrder.get(item.order_id) ?? 0) + item.quantity * item.admits,
      );
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
      ...(o.holders.length ? { holders: o.holders } : {}),
      // Only when it differs: a table of 10 with one code says "Admits 10" at the door.
      ...(admitsByOrder.has(o.id) && admitsByOrder.get(o.id) !== o.quantity
        ? { admits: admitsByOrder.get(o.id)! }
        : {}),
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

  /**
   * `by`: the organiser whose event it is, who scanned (owner or a steward) and with what.
   * At a check-in list (asked for, or the steward's own), the list's own check-in state.
   */
  async markAttended(
    by: DoorActor & { deviceId: string | null },
    eventId: string,
    ticketCodes: string[],
    requestedList?: string,
  ): Promise<MarkAttendedResponse['data']> {
    const { organiserId, userId, deviceId } = by;
    await this.assertOwner(organiserId, eventId);
    const codes = [...new Set(ticketCodes.map((c) => c.trim()).filter(Boolean))];
    const list = await this.lists.doorList(by, eventId, requestedList);
    if (list) return this.markAttendedAt(list, by, eventId, codes);
    const result = await this.orders.markAttended(eventId, codes, {
      userId,
      deviceId,
      ownerId: organiserId,
    });
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

  /**
   * Check-ins at a list (decision 084): each order it takes is let in there once — the
   * first insert of (list, order) wins, a burst of the same code admits one — and the
   * first admission anywhere also stamps the order's `attended_at`, in one transaction.
   * The event's orders the list does not take are refused with their type and the list
   * that takes them.
   */
  private async markAttendedAt(
    list: ListWithTypes,
    by: { userId: string; deviceId: string | null; organiserId: string },
    eventId: string,
    codes: string[],
  ): Promise<MarkAttendedResponse['data']> {
    const { userId, deviceId } = by;
    const rows = await this.orders.completedWithTypes(eventId, codes);
    const byCode = new Map<string, { id: string; types: { id: string; name: string }[] }>();
    for (const r of rows) {
      const order = byCode.get(r.code) ?? { id: r.id, types: [] };
      order.types.push({ id: r.ticket_type_id, name: r.name });
      byCode.set(r.code, order);
    }
    const takes = new Set(list.types.map((t) => t.id));
    const on = [...byCode].filter(([, o]) => o.types.some((t) => takes.has(t.id)));
    const off = [...byCode].filter(([, o]) => !o.types.some((t) => takes.has(t.id)));
    const admittedIds = await this.db.transaction().execute(async (trx) => {
      const ids = await repo.insertListEntries(
        trx,
        list.id,
        on.map(([, o]) => o.id),
        userId,
        deviceId,
      );
      await this.orders.firstAttended(trx, eventId, ids, userId, deviceId, by.organiserId);
      return new Set(ids);
    });
    if (admittedIds.size > 0) this.orders.kick();
    const admitted = on.filter(([, o]) => admittedIds.has(o.id));
    const already = on.filter(([, o]) => !admittedIds.has(o.id));
    const times = new Map(
      (
        await repo.findListEntries(
          this.db,
          list.id,
          already.map(([, o]) => o.id),
        )
      ).map((e) => [e.order_id, e.created_at]),
    );
    const unknown = codes.filter((c) => !byCode.has(c));
    const [all, transferred] = await Promise.all([
      off.length ? this.lists.withTypes(eventId) : Promise.resolve([]),
      this.orders.transferredCodes(eventId, unknown),
    ]);
    const notOnList = off.map(([code, o]) => {
      const { type, list: to } = elsewhere(o.types, all);
      return { orderCode: code, type, ...(to ? { list: to } : {}) };
    });
    const log = (orderId: string | null, code: string, result: repo.LogResult) => ({
      eventId,
      orderId,
      code: code.slice(0, 32),
      result,
      userId,
      deviceId,
      listId: list.id,
    });
    await repo.insertCheckinLog(this.db, [
      ...admitted.map(([code, o]) => log(o.id, code, 'admitted')),
      ...already.map(([code, o]) => log(o.id, code, 'already_used')),
      ...off.map(([code, o]) => log(o.id, code, 'not_on_list')),
      ...unknown.map((code) => log(null, code, 'unknown')),
    ]);
    return {
      message: markAttendedMessage(admitted.length, already.length, unknown.length, {
        count: off.length,
        list: list.name,
      }),
      marked: admitted.map(([code]) => code),
      alreadyUsed: already.map(([code, o]) => ({
        orderCode: code,
        attendedAt: (times.get(o.id) ?? new Date()).toISOString(),
      })),
      unknown,
      ...(transferred.length ? { transferred } : {}),
      ...(notOnList.length ? { notOnList } : {}),
    };
  }

  private async assertOwner(organiserId: string, eventId: string): Promise<void> {
    const event = await inventoryService.event(this.db, eventId);
    if (!event || event.owner_id !== organiserId) throw notFound('This event was not found.');
  }
}

/**
 * Why an order is not taken at a list: its first type's name, and a list of the event that
 * does take one of its types ("VIP ticket — send to the VIP gate").
 */
function elsewhere(
  types: { id: string; name: string }[],
  lists: ListWithTypes[],
): { type: string; list?: string } {
  for (const t of types) {
    const other = lists.find((l) => l.types.some((lt) => lt.id === t.id));
    if (other) return { type: t.name, list: other.name };
  }
  return { type: types[0]?.name ?? 'This' };
}

const tickets = (n: number) => `${n} ticket${n === 1 ? '' : 's'}`;

/**
 * The door's 'Send Validated Tickets' toast (spec §7: data.data.message). Codes the server
 * had already (the automatic sync sent them, or another device) are "already sent": that is
 * no rejected ticket, and must not read like the banner's 'Already used'.
 */
export function markAttendedMessage(
  admitted: number,
  alreadySent: number,
  unknown: number,
  notOnList: { count: number; list: string } = { count: 0, list: '' },
) {
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
  if (notOnList.count) parts.push(`${tickets(notOnList.count)} not taken at the ${notOnList.list}`);
  if (parts.length === 0) return 'No validated tickets to send yet.';
  return `${parts.join('; ')}.`;
}
