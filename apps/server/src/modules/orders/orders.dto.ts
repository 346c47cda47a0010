import {
  koboToNaira,
  paystackChannelsOf,
  type EventHoldDto,
  type ManageOrderDto,
  type ManageOrderListItem,
  type OrderDto,
  type QuoteDto,
} from '@gatepass/shared';
import { itemsKept, shownTotalKobo } from './orders.named.layout.ts';
import type { SaleEvent } from '../events/inventory.service.ts';
import type { TicketLinks } from '../tickets/ticket-links.ts';
import type { TicketOrder } from '../tickets/tickets.render.ts';
import type { WalletEnabled } from '../tickets/wallet-links.ts';
import type { findHistory, OrderDetailRow, OrderListRow } from './orders.manage.repository.ts';
import type { priceOrder, PricedLine } from './orders.pricing.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

/** An answer as the questions module keeps it (decision 078). */
export interface AnswerRow {
  question_id: string;
  label: string;
  /** 0: asked once for the order. */
  ticket: number;
  ticket_type_id: string | null;
  value: string;
}

/**
 * The one place where order rows become answers (decision 060): the buyer's order, the
 * quote, the ticket (its pages, PDF, pass and mails), the organiser's list rows and holds.
 * The event part and the item lines are built once here, so a field added to one answer
 * reaches every answer that carries it.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Completed (or since refunded) through the TEST provider: no money changed hands. */
export const isTestPaid = (order: Pick<OrderRow, 'payment_method' | 'paid_at'>): boolean =>
  order.payment_method === 'test' && order.paid_at !== null;

/** The event part of every order answer (the buyer's order, its ticket, its mails). */
export function orderEventDto(event: SaleEvent): OrderDto['event'] {
  return {
    title: event.title,
    slug: event.slug,
    startAt: iso(event.start_at),
    endAt: iso(event.end_at),
    timeZone: event.time_zone,
    venueName: event.venue_name,
    address: event.address,
    city: event.city,
    online: Boolean(event.online_url),
    offlinePayment: event.offline_payment,
    offlineHoldHours: event.offline_hold_hours,
    allowTransfers: event.allow_transfers,
    paystackChannels: paystackChannelsOf(event.paystack_channels),
    payoutReady: Boolean(event.payout_ready),
  };
}

/** An order's lines as bought (name and price at the time). */
function itemDtos(items: OrderItemRow[]): OrderDto['items'] {
  return items.map((i) => ({
    ticketTypeId: i.ticket_type_id,
    name: i.name,
    quantity: i.quantity,
    unitPrice: koboToNaira(i.unit_price_kobo),
    lineTotal: koboToNaira(i.unit_price_kobo * i.quantity),
    admits: i.admits,
  }));
}

export function toOrderDto(order: OrderRow, items: OrderItemRow[], event: SaleEvent): OrderDto {
  return {
    id: order.id,
    orderCode: order.code,
    status: order.status,
    eventId: order.event_id,
    event: orderEventDto(event),
    firstName: order.first_name,
    lastName: order.last_name,
    email: order.email,
    phone: order.phone,
    items: itemDtos(items),
    quantity: order.quantity,
    subtotal: koboToNaira(order.subtotal_kobo),
    discount: koboToNaira(order.discount_kobo),
    fee: koboToNaira(order.fee_kobo),
    feeMode: order.fee_mode,
    totalPrice: koboToNaira(order.total_kobo),
    promoCode: null,
    paymentMethod: order.payment_method,
    testPayment: isTestPaid(order),
    needsRefund: order.needs_refund,
    reservedUntil: iso(order.reserved_until),
    holdConfirmedAt: iso(order.hold_confirmed_at),
    refund: order.refund_status
      ? { status: order.refund_status, amount: koboToNaira(order.refund_kobo ?? 0) }
      : null,
    paidAt: iso(order.paid_at),
    attendedAt: iso(order.attended_at),
    createdAt: order.created_at.toISOString(),
  };
}

/** Where a buyer's view of a completed order links to: its ticket page and wallet passes. */
export interface TicketUrlLinks {
  ticketLinks: TicketLinks;
  wallet?: WalletEnabled | undefined;
}

/**
 * A buyer's view of a completed order carries its ticket link (the light ticket page) and
 * which wallet passes hang below it (decisions 042–044).
 */
export function withTicketUrl(
  dto: OrderDto,
  order: Pick<OrderRow, 'id'>,
  links: TicketUrlLinks,
): OrderDto {
  return dto.status === 'completed'
    ? {
        ...dto,
        ticketUrl: links.ticketLinks.urlFor({ id: order.id, code: dto.orderCode }),
        walletApple: Boolean(links.wallet?.apple),
        walletGoogle: Boolean(links.wallet?.google),
      }
    : dto;
}

/** The order as its ticket shows it. */
export function ticketOrderOf(
  order: OrderRow,
  items: OrderItemRow[],
  event: SaleEvent,
): TicketOrder {
  return {
    orderCode: order.code,
    firstName: order.first_name,
    lastName: order.last_name,
    email: order.email,
    quantity: order.quantity,
    // A group order's ticket shows what it still admits; a sent ticket its value (decision 080).
    items: itemDtos(itemsKept(order, items)),
    totalPrice: koboToNaira(shownTotalKobo(order, items)),
    testPayment: isTestPaid(order),
    eventId: event.id,
    event: orderEventDto(event),
  };
}

export function toQuoteDto(
  lines: PricedLine[],
  pricing: ReturnType<typeof priceOrder>,
  feeMode: 'pass' | 'absorb',
  promoCode: string | null,
): QuoteDto {
  return {
    items: lines.map((l) => ({
      ticketTypeId: l.ticketTypeId,
      name: l.name,
      quantity: l.quantity,
      unitPrice: koboToNaira(l.unitPriceKobo),
      lineTotal: koboToNaira(l.unitPriceKobo * l.quantity),
      admits: l.admits ?? 1,
    })),
    quantity: pricing.quantity,
    subtotal: koboToNaira(pricing.subtotalKobo),
    discount: koboToNaira(pricing.discountKobo),
    fee: koboToNaira(pricing.feeKobo),
    feeMode,
    totalPrice: koboToNaira(pricing.totalKobo),
    promoCode,
  };
}

/** A row of the organiser's order list. */
export function toListItem(row: OrderListRow): ManageOrderListItem {
  return {
    id: row.id,
    orderCode: row.code,
    status: row.status,
    eventId: row.event_id,
    eventTitle: row.event_title,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    quantity: row.quantity,
    totalPrice: koboToNaira(row.total_kobo),
    paymentMethod: row.payment_method,
    testPayment: isTestPaid(row),
    createdAt: row.created_at.toISOString(),
    paidAt: iso(row.paid_at),
    attendedAt: iso(row.attended_at),
    ...(row.parent_code ? { parentOrderCode: row.parent_code } : {}),
    ...namedHolders(row),
  };
}

/** The names given to an order's tickets still on it (decision 080), when any. */
function namedHolders(row: Pick<OrderRow, 'ticket_names'>): { holders?: string[] } {
  const holders = (row.ticket_names ?? [])
    .filter((n) => !n.orderId)
    .map((n) => `${n.firstName} ${n.lastName}`);
  return holders.length ? { holders } : {};
}

/** One open hold of an event, for its organiser. */
export function toHoldDto(o: OrderRow & { waitlist_offer: boolean }): EventHoldDto {
  return {
    orderId: o.id,
    orderCode: o.code,
    firstName: o.first_name,
    lastName: o.last_name,
    email: o.email,
    phone: o.phone,
    quantity: o.quantity,
    totalPrice: koboToNaira(o.total_kobo),
    paymentMethod: o.payment_method,
    reservedUntil: o.reserved_until!.toISOString(),
    holdConfirmedAt: o.hold_confirmed_at ? o.hold_confirmed_at.toISOString() : null,
    waitlistOffer: o.waitlist_offer,
    createdAt: o.created_at.toISOString(),
  };
}

/**
 * The organiser's view of one order: the buyer's view and its payment, check-in, history
 * and which actions apply now. `waitingList`: people waiting for its ticket types (a
 * completed order's refund would offer them), when known.
 */
export function toManageOrderDto(
  row: OrderDetailRow,
  items: OrderItemRow[],
  event: SaleEvent,
  history: Awaited<ReturnType<typeof findHistory>>,
  extra: {
    waitingList: number | undefined;
    refundsThroughPaystack: boolean;
    answers: readonly AnswerRow[];
  },
): ManageOrderDto {
  const { waitingList } = extra;
  const typeName = new Map(items.map((i) => [i.ticket_type_id, i.name]));
  return {
    ...(waitingList === undefined ? {} : { waitingList }),
    ...toOrderDto(row, items, event),
    promoCode: row.promo_code,
    payment: { method: row.payment_method, reference: row.payment_ref, paidAt: iso(row.paid_at) },
    checkIn: { attendedAt: iso(row.attended_at), attendedBy: row.attended_by_name },
    cancelledAt: iso(row.cancelled_at),
    updatedAt: row.updated_at.toISOString(),
    answers: extra.answers.map((a) => ({
      questionId: a.question_id,
      label: a.label,
      ticket: a.ticket === 0 ? null : a.ticket,
      ticketType: a.ticket_type_id ? (typeName.get(a.ticket_type_id) ?? null) : null,
      value: a.value,
    })),
    history: history.map((h) => ({
      kind: h.kind,
      detail: h.detail,
      actor: h.actor,
      createdAt: h.created_at.toISOString(),
    })),
    actions: {
      resendTickets: row.status === 'completed',
      markPaid: row.status === 'pending' && event.status !== 'cancelled',
      cancel: row.status === 'pending' || row.status === 'completed',
      refund: row.status === 'completed' || (row.needs_refund && extra.refundsThroughPaystack),
      transfer:
        row.status === 'completed' &&
        row.attended_at === null &&
        event.status !== 'cancelled' &&
        !(event.end_at && event.end_at.getTime() <= Date.now()),
    },
  };
}
