import { envelope, manageOrderDto, type ManageOrderDto } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';
import { MANAGE_ORDERS_PATH } from './keys.ts';

const answer = envelope(manageOrderDto);

export interface OrderActionResult {
  order: ManageOrderDto;
  message: string | undefined;
}

/**
 * POST /events/manage/orders/{id}/{action}: shared by the four action endpoints. Only
 * cancel and refund keep a reason (in the order's history); the others take no body.
 */
export async function postOrderAction(
  id: string,
  action: 'resend-tickets' | 'mark-paid' | 'cancel' | 'refund',
  reason?: string,
): Promise<OrderActionResult> {
  const response = await api.post(
    `${MANAGE_ORDERS_PATH}/${encodeURIComponent(id)}/${action}`,
    reason ? { reason } : {},
  );
  const parsed = answer.parse(response.data);
  return { order: parsed.data, message: parsed.message };
}
