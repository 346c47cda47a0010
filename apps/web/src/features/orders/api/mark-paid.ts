import { postOrderAction, type OrderActionResult } from './order-action.ts';
import { useOrderActionMutation } from './use-order-action.ts';

export interface MarkPaidInput {
  id: string;
  reason?: string;
}

/** POST /events/manage/orders/{id}/mark-paid: Completes an order paid offline (bank transfer or at the venue); the tickets are mailed. */
export function markPaid({ id, reason }: MarkPaidInput): Promise<OrderActionResult> {
  return postOrderAction(id, 'mark-paid', reason);
}

export function useMarkPaid() {
  return useOrderActionMutation(markPaid);
}
