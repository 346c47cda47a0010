import { orderLookupResponse, type OrderDto } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';
import { orderTokens } from '../lib/order-tokens.ts';

/**
 * POST /waitlist/claim: the person in line opened their mailed offer (decision 032). The
 * answer is the order holding their tickets and a token to pay for it, kept like the
 * checkout's own so the payment pages work as for any order.
 */
export async function claimOffer(token: string): Promise<OrderDto> {
  const response = await api.post('/waitlist/claim', { token }, { skipErrorToast: true });
  const { order, accessToken } = orderLookupResponse.parse(response.data).data;
  orderTokens.save(order, accessToken);
  return order;
}
