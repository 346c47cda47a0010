import {
  envelope,
  orderDto,
  transferResultDto,
  type OrderDto,
  type SendTicketBody,
  type TicketHolderBody,
  type TransferOrderBody,
} from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';
import { orderTokens } from '../lib/order-tokens.ts';
import { orderTokenHeaders } from './get-order.ts';

/** Named tickets (issue 25 §2, decision 080): the buyer's calls, with the order's token. */

const orderAnswer = envelope(orderDto);
const transferAnswer = envelope(transferResultDto);

const ticketPath = (orderId: string, index: number) =>
  `/orders/${encodeURIComponent(orderId)}/tickets/${index}`;

const headers = (orderId: string) => orderTokenHeaders(orderTokens.get(orderId) ?? '');

/** PUT /orders/{id}/tickets/{n}: names ticket n's holder (sends nothing). */
export async function nameTicket(
  orderId: string,
  index: number,
  body: TicketHolderBody,
): Promise<{ order: OrderDto; message: string }> {
  const response = await api.put(ticketPath(orderId, index), body, {
    headers: headers(orderId),
    skipErrorToast: true,
  });
  const parsed = orderAnswer.parse(response.data);
  return { order: parsed.data, message: parsed.message ?? '' };
}

/** POST /orders/{id}/tickets/{n}/send: ticket n becomes its holder's own, mailed to them. */
export async function sendTicket(
  orderId: string,
  index: number,
  body: SendTicketBody,
): Promise<{ order: OrderDto; message: string }> {
  const response = await api.post(`${ticketPath(orderId, index)}/send`, body, {
    headers: headers(orderId),
    skipErrorToast: true,
  });
  const parsed = orderAnswer.parse(response.data);
  return { order: parsed.data, message: parsed.message ?? '' };
}

/** POST /orders/{id}/tickets/{n}/transfer: a sent ticket goes to someone else alone. */
export async function transferTicket(
  orderId: string,
  index: number,
  body: TransferOrderBody,
): Promise<{ message: string }> {
  const response = await api.post(`${ticketPath(orderId, index)}/transfer`, body, {
    headers: headers(orderId),
    skipErrorToast: true,
  });
  return { message: transferAnswer.parse(response.data).message ?? '' };
}
