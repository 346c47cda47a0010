import { orderLookupResponse, type OrderDto } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';
import { orderTokens } from '../lib/order-tokens.ts';

/**
 * POST /orders/confirm-hold: the buyer opened the link mailed for an offline order; the
 * order now holds its tickets for the event's offline hold (decision 025). The answer's
 * access token is kept so this browser can show the order.
 */
export async function confirmHold(token: string): Promise<OrderDto> {
  const response = await api.post('/orders/confirm-hold', { token }, { skipErrorToast: true });
  const { order, accessToken } = orderLookupResponse.parse(response.data).data;
  orderTokens.save(order, accessToken);
  return order;
}
