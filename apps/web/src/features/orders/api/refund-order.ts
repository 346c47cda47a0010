import { postOrderAction, type OrderActionResult } from './order-action.ts';
import { useOrderActionMutation } from './use-order-action.ts';

export interface RefundOrderInput {
  id: string;
  reason?: string;
}

/** POST /events/manage/orders/{id}/refund: Records a refund of a completed order; its tickets return to sale (capacity comes back). */
export function refundOrder({ id, reason }: RefundOrderInput): Promise<OrderActionResult> {
  return postOrderAction(id, 'refund', reason);
}

export function useRefundOrder() {
  return useOrderActionMutation(refundOrder);
}
