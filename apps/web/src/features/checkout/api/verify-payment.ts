import type { OrderDto } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';
import { orderTokens } from '../lib/order-tokens.ts';
import { MissingOrderTokenError, orderAnswer, orderTokenHeaders } from './get-order.ts';

/**
 * POST /orders/{id}/verify-payment: back from Paystack, the server asks Paystack what
 * became of the payment and confirms the order. 402 when it failed, 409 while pending.
 */
export async function verifyPayment(orderId: string, reference?: string): Promise<OrderDto> {
  const token = orderTokens.get(orderId);
  if (!token) throw new MissingOrderTokenError();
  const response = await api.post(
    `/orders/${encodeURIComponent(orderId)}/verify-payment`,
    reference ? { reference } : {},
    { headers: orderTokenHeaders(token), skipErrorToast: true },
  );
  return orderAnswer.parse(response.data).data;
}
