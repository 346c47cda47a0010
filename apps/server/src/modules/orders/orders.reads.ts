import { timingSafeEqual } from 'node:crypto';
import type { OrderDto } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { sha256 } from '../../lib/secrets.ts';
import { inventoryService } from '../events/inventory.service.ts';
import type { TicketOrder } from '../tickets/tickets.render.ts';
import { ticketOrderOf, toOrderDto, withTicketUrl, type TicketUrlLinks } from './orders.dto.ts';
import { namedView } from './orders.named.layout.ts';
import { noTicketsYet, orderNotFound, ticketNotFound } from './orders.errors.ts';
import { hasLiveAccessToken } from './orders.manage.repository.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

/**
 * Reading one order as someone may see it (decision 060): the buyer by its access token,
 * the organiser by owning its event, the ticket by its signed link. Every other room finds
 * its order through here; the tickets module (PDF, calendar, mails) and the wallet read
 * tickets through `ticketOrder` / `ticketForLink` / `ticketForBuyer`.
 */
export class OrderReads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: TicketUrlLinks,
  ) {}

  async orderForToken(orderId: string, accessToken: string): Promise<OrderRow> {
    const order = await repo.findOrderById(this.db, orderId);
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
    const [items, event] = await Promise.all([
      repo.findOrderItems(this.db, [order.id]),
      inventoryService.event(this.db, order.event_id),
    ]);
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
    const order = await repo.findOrderById(this.db, orderId);
    return order ? this.dto(order) : undefined;
  }

  /** The order as its ticket shows it, by id (the mail dispatcher renders tickets from it). */
  async ticketOrder(orderId: string): Promise<TicketOrder | undefined> {
    const order = await repo.findOrderById(this.db, orderId);
    if (!order) return undefined;
    const [items, event] = await Promise.all([
      repo.findOrderItems(this.db, [order.id]),
      inventoryService.event(this.db, order.event_id),
    ]);
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
    const order = await repo.findOrderById(this.db, orderId);
    if (!order) return undefined;
    const [items, event] = await Promise.all([
      repo.findOrderItems(this.db, [order.id]),
      inventoryService.event(this.db, order.event_id),
    ]);
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
