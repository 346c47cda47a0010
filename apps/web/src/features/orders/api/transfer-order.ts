import { envelope, manageOrderDto, type ManageTransferOrderBody } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';
import { MANAGE_ORDERS_PATH } from './keys.ts';
import type { OrderActionResult } from './order-action.ts';
import { useOrderActionMutation } from './use-order-action.ts';

const answer = envelope(manageOrderDto);

export interface TransferOrderInput {
  id: string;
  /** The new holder, and the order code the drawer shows (decision 050). */
  to: ManageTransferOrderBody;
}

/**
 * POST /events/manage/orders/{id}/transfer: the organiser gives the order to someone else on
 * its buyer's behalf; the new holder is mailed a new code and the old one stops working.
 */
export async function transferOrder({ id, to }: TransferOrderInput): Promise<OrderActionResult> {
  const response = await api.post(`${MANAGE_ORDERS_PATH}/${encodeURIComponent(id)}/transfer`, to);
  const parsed = answer.parse(response.data);
  return { order: parsed.data, message: parsed.message };
}

export function useTransferOrder() {
  return useOrderActionMutation(transferOrder);
}
