import { postOrderAction, type OrderActionResult } from './order-action.ts';
import { useOrderActionMutation } from './use-order-action.ts';

export interface CancelOrderInput {
  id: string;
  reason?: string;
}

/** POST /events/manage/orders/{id}/cancel: Cancels an order; its held tickets return to sale. */
export function cancelOrder({ id, reason }: CancelOrderInput): Promise<OrderActionResult> {
  return postOrderAction(id, 'cancel', reason);
}

export function useCancelOrder() {
  return useOrderActionMutation(cancelOrder);
}
