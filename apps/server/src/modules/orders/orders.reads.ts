import { timingSafeEqual } from 'node:crypto';
import type { OrderDto } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { sha256 } from '../../lib/secrets.ts';
import { inventoryService, PurchaseGroups, type SaleEvent } from '../events/inventory.service.ts';
import type { TicketOrder } from '../tickets/tickets.render.ts';
import { ticketOrderOf, toOrderDto, withTicketUrl, type TicketUrlLinks } from './orders.dto.ts';
import { namedView } from './orders.named.layout.ts';
import { noTicketsYet, orderNotFound, ticketNotFound } from './orders.errors.ts';
import { hasLiveAccessToken } from './orders.manage.repository.ts';
import * as repo from './orders.repository.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

/** Groups of one kind of read a process sends at once (decision 110). */
export const READ_GROUPS_IN_FLIGHT = 2;

/**
 * Reads by id, grouped (decision 110): the ids asked for while `READ_GROUPS_IN_FLIGHT`
 * reads are under way wait for one of them to end, and are then read together in one
 * statement, as checkout groups its holds. A request never shares a statement that was sent
 * before it asked, so it sees every write committed before it asked. One id alone is read
 * at once.
 */
export function groupedReads<R>(
  readAll: (ids: string[]) => Promise<R[]>,
  idOf: (row: R) => string,
): (id: string) => Promise<R[]> {
  const groups = new PurchaseGroups<string, R[]>(async (_, ids) => {
    const rows = await readAll([...new Set(ids)]);
    const byId = new Map<string, R[]>();
    for (const row of rows) {
      const list = byId.get(idOf(row));
      if (list) list.push(row);
      else byId.set(idOf(row), [row]);
    }
    return ids.map((id) => ({ ok: true, value: byId.get(id) ?? [] }));
  }, READ_GROUPS_IN_FLIGHT);
  return (id) => groups.add('', id);
}

/**
 * Reading one order as someone may see it (decision 060): the buyer by its access token,
 * the organiser by owning its event, the ticket by its signed link. Every other room finds
 * its order through here; the tickets module (PDF, calendar, mails) and the wallet read
 * tickets through `ticketOrder` / `ticketForLink` / `ticketForBuyer`.
 */
export class OrderReads {
  /**
   * An order, its items and its event, each read grouped with the same reads of other
   * requests (decision 110): a crowd's order pages, payment steps and ticket mails share
   * statements instead of sending three each.
   */
  private readonly orderById: (id: string) => Promise<OrderRow[]>;
  private readonly itemsOf: (orderId: string) => Promise<OrderItemRow[]>;
  private readonly eventById: (id: string) => Promise<SaleEvent[]>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: TicketUrlLinks,
  ) {
    this.orderById = groupedReads(
      (ids) => repo.findOrdersByIds(db, ids),
      (row) => row.id,
    );
    this.itemsOf = groupedReads(
      (ids) => repo.findOrderItems(db, ids),
      (row) => row.order_id,
    );
    this.eventById = groupedReads(
      (ids) => inventoryService.events(db, ids),
      (row) => row.id,
    );
  }

  private async order(id: string): Promise<OrderRow | undefined> {
    return (await this.orderById(id))[0];
  }

  /** The order's items and its event, read grouped. */
  private async itemsAndEvent(order: OrderRow): Promise<[OrderItemRow[], SaleEvent | undefined]> {
    const [items, events] = await Promise.all([
      this.itemsOf(order.id),
      this.eventById(order.event_id),
    ]);
    return [items, events[0]];
  }

  async orderForToken(orderId: string, accessToken: string): Promise<OrderRow> {
    const order = await this.order(orderId);
    const hash = sha256(accessToken);
    const given = Buffer.from(hash);
    // The checkout's own token, or a live one from the buyer's email-checked lookup.
    const allowed =
      order &&
      (timingSafeEqual(given, Buffer.from(order.access_token_hash)) ||
        (await hasLiveAccessToken(this.db, order.id, hash)));
    if (!order || !allowed) {
      throw orderNotFound();
    }
    return order;
  }

  async orderForOwner(ownerId: string, orderId: string): Promise<OrderRow> {
    const order = await repo.findOrderById(this.db, orderId);
    const event = order ? await inventoryService.event(this.db, order.event_id) : undefined;
    // Another organiser's order is "not found", so ids reveal nothing (DESIGN §3).
    if (!order || !event || event.owner_id !== ownerId) throw orderNotFound();
    return order;
  }

  async dto(order: OrderRow): Promise<OrderDto> {
    const [items, event] = await this.itemsAndEvent(order);
    // A group order's tickets and their holders, or a sent ticket's group (decision 080).
    return {
      ...toOrderDto(order, items, event!),
      ...(await namedView(this.db, order, items, event!)),
    };
  }

  /** The order, for whoever holds its access token (the browser that created it). */
  async getForBuyer(orderId: string, accessToken: string): Promise<OrderDto> {
    const order = await this.orderForToken(orderId, accessToken);
    return withTicketUrl(await this.dto(order), order, this.config);
  }

  async getForOwner(ownerId: string, orderId: string): Promise<OrderDto> {
    return this.dto(await this.orderForOwner(ownerId, orderId));
  }

  /** The order's view for a fresh access token (a waiting-list claim link's). */
  async dtoById(orderId: string): Promise<OrderDto | undefined> {
    const order = await this.order(orderId);
    return order ? this.dto(order) : undefined;
  }

  /** The order as its ticket shows it, by id (the mail dispatcher renders tickets from it). */
  async ticketOrder(orderId: string): Promise<TicketOrder | undefined> {
    const order = await this.order(orderId);
    if (!order) return undefined;
    const [items, event] = await this.itemsAndEvent(order);
    return ticketOrderOf(order, items, event!);
  }

  /**
   * The confirmed order a ticket link names (`{code}-{mac}`, ticket-links.ts), for the light
   * ticket page and the wallet passes; 404 for a wrong, old (transferred) or unpaid link.
   */
  async ticketForLink(segment: string): Promise<TicketOrder & { orderId: string }> {
    const code = this.config.ticketLinks.codeOf(segment);
    const order = code ? await repo.findOrderByCode(this.db, code) : undefined;
    if (
      !order ||
      !this.config.ticketLinks.matches(order, segment) ||
      order.status !== 'completed'
    ) {
      throw ticketNotFound();
    }
    return { ...(await this.ticketOrder(order.id))!, orderId: order.id };
  }

  /** The tickets of a confirmed order, for whoever holds its access token. */
  async ticketForBuyer(orderId: string, accessToken: string): Promise<TicketOrder> {
    const order = await this.orderForToken(orderId, accessToken);
    if (order.status !== 'completed') {
      throw noTicketsYet(order.status);
    }
    return (await this.ticketOrder(order.id))!;
  }

  /**
   * The wallet's read (decision 060): the order as its pass shows it, and where the order
   * and its event stand; undefined when either is gone.
   */
  async passOrder(orderId: string): Promise<
    | {
        ticket: TicketOrder;
        orderStatus: OrderRow['status'];
        eventStatus: 'draft' | 'published' | 'cancelled';
        code: string;
      }
    | undefined
  > {
    const order = await this.order(orderId);
    if (!order) return undefined;
    const [items, event] = await this.itemsAndEvent(order);
    if (!event) return undefined;
    return {
      ticket: ticketOrderOf(order, items, event),
      orderStatus: order.status,
      eventStatus: event.status,
      code: order.code,
    };
  }

  /** A buyer's view of an order: with its ticket and wallet links once it is completed. */
  forBuyer(dto: OrderDto, order: Pick<OrderRow, 'id'>): OrderDto {
    return withTicketUrl(dto, order, this.config);
  }
}
