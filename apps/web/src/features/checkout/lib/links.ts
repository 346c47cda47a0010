import type { OrderDto } from '@gatepass/shared';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { itemsParam } from './basket.ts';

/**
 * The order's downloads. A plain link cannot send the X-Order-Token header, so these two
 * are the only URLs that carry the token (as ?token=).
 */
export const ticketPdfUrl = (orderId: string, token: string) =>
  `${env.apiUrl}/orders/${encodeURIComponent(orderId)}/ticket.pdf?token=${encodeURIComponent(token)}`;

export const calendarUrl = (orderId: string, token: string) =>
  `${env.apiUrl}/orders/${encodeURIComponent(orderId)}/calendar.ics?token=${encodeURIComponent(token)}`;

/** The checkout again with the same tickets, for a buyer whose hold ran out. */
export function restartCheckoutPath(order: Pick<OrderDto, 'eventId' | 'event' | 'items'>): string {
  return paths.checkout.start(order.eventId, {
    slug: order.event.slug,
    items: itemsParam(order.items),
  });
}
