import {
  envelope,
  transferResultDto,
  type TransferOrderBody,
  type TransferResultDto,
} from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';
import { orderTokens } from '../lib/order-tokens.ts';
import { orderTokenHeaders } from './get-order.ts';

const answer = envelope(transferResultDto);

/**
 * POST /orders/{id}/transfer: the buyer gives the order to someone else (decision 033).
 * The new holder gets a new code; this browser's token stops working, so it is forgotten.
 */
export async function transferOrder(
  order: { id: string; orderCode: string },
  body: TransferOrderBody,
): Promise<{ result: TransferResultDto; message: string }> {
  const token = orderTokens.get(order.id) ?? '';
  const response = await api.post(`/orders/${encodeURIComponent(order.id)}/transfer`, body, {
    headers: orderTokenHeaders(token),
    skipErrorToast: true,
  });
  const parsed = answer.parse(response.data);
  orderTokens.forget(order);
  return { result: parsed.data, message: parsed.message ?? '' };
}
