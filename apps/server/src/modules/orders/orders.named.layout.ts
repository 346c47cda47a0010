import { compareTicketLines, type OrderTicketDto } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SaleEvent } from '../events/inventory.service.ts';
import * as namedRepo from './orders.named.repository.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

/**
 * A group order's tickets, numbered (decision 080): its items as bought — never changed by
 * sending a ticket on — laid out one ticket each, by type name then type, so ticket 2 is
 * always the same ticket.
 */
export function ticketLayout(items: OrderItemRow[]): OrderItemRow[] {
  const line = (i: OrderItemRow) => ({ name: i.name, ticketTypeId: i.ticket_type_id });
  const sorted = [...items].sort((a, b) => compareTicketLines(line(a), line(b)));
  return sorted.flatMap((item) => Array.from({ length: item.quantity }, () => item));
}

/** Until when the event's tickets may be named: the organiser's cut-off, else its start. */
export function namesUntil(event: Pick<SaleEvent, 'ticket_names_until' | 'start_at'>) {
  return event.ticket_names_until ?? event.start_at;
}

export function namingOpen(
  event: Pick<SaleEvent, 'ticket_names_until' | 'start_at' | 'status'>,
  now = Date.now(),
) {
  const until = namesUntil(event);
  return event.status !== 'cancelled' && (until === null || until.getTime() > now);
}

/**
 * What a group order's view adds (decision 080): each ticket and whose it is — a sent
 * ticket as its own order now stands (its holder may have passed it on) — and, for a sent
 * ticket's own order, the group order's code. Reads only for orders that have either.
 */
export async function namedView(
  db: Kysely<Database>,
  order: OrderRow,
  items: OrderItemRow[],
  event: SaleEvent,
): Promise<{
  tickets?: OrderTicketDto[];
  namesUntil?: string | null;
  parentOrderCode?: string | null;
}> {
  if (order.parent_order_id) {
    return { parentOrderCode: (await namedRepo.findParentCode(db, order.parent_order_id)) ?? null };
  }
  const layout = ticketLayout(items);
  if (layout.length < 2) return {};
  const until = namesUntil(event);
  const names = order.ticket_names ?? [];
  const sentIds = names.some((n) => n.orderId);
  const sent = sentIds ? await namedRepo.findTicketOrders(db, order.id) : [];
  const byId = new Map(sent.map((o) => [o.id, o]));
  return {
    namesUntil: until ? until.toISOString() : null,
    tickets: layout.map((item, i) => {
      const index = i + 1;
      const named = names.find((n) => n.index === index);
      const own = named?.orderId ? byId.get(named.orderId) : undefined;
      if (own) {
        return {
          index,
          ticketType: item.name,
          firstName: own.first_name,
          lastName: own.last_name,
          email: own.email,
          sent: true,
          status:
            own.status !== 'completed'
              ? ('ended' as const)
              : own.attended_at
                ? ('checked_in' as const)
                : ('sent' as const),
        };
      }
      return {
        index,
        ticketType: item.name,
        firstName: named?.firstName ?? null,
        lastName: named?.lastName ?? null,
        email: named?.email ?? null,
        sent: false,
        status: 'with_buyer' as const,
      };
    }),
  };
}

/**
 * The items a ticket, mail or door shows for an order (decision 080): a group order without
 * the tickets it sent on (they are their holders' own orders now).
 */
export function itemsKept(
  order: Pick<OrderRow, 'ticket_names'>,
  items: OrderItemRow[],
): OrderItemRow[] {
  const sent = order.ticket_names?.filter((n) => n.orderId) ?? [];
  if (sent.length === 0) return items;
  const layout = ticketLayout(items);
  const gone = new Map<string, number>();
  for (const n of sent) {
    const item = layout[n.index - 1];
    if (item) gone.set(item.id, (gone.get(item.id) ?? 0) + 1);
  }
  return items
    .map((item) => ({ ...item, quantity: item.quantity - (gone.get(item.id) ?? 0) }))
    .filter((item) => item.quantity > 0);
}

/** What a ticket's price reads as: a sent ticket's own order shows the ticket's value. */
export function shownTotalKobo(
  order: Pick<OrderRow, 'parent_order_id' | 'total_kobo'>,
  items: Pick<OrderItemRow, 'unit_price_kobo' | 'quantity'>[],
): number {
  return order.parent_order_id
    ? items.reduce((sum, i) => sum + i.unit_price_kobo * i.quantity, 0)
    : order.total_kobo;
}
