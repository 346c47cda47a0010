import { postOrderAction, type OrderActionResult } from './order-action.ts';
import { useOrderActionMutation } from './use-order-action.ts';

export interface ResendTicketsInput {
  id: string;
  reason?: string;
}

/** POST /events/manage/orders/{id}/resend-tickets: Mails the tickets (PDF, QR and .ics) to the buyer again. */
export function resendTickets({ id, reason }: ResendTicketsInput): Promise<OrderActionResult> {
  return postOrderAction(id, 'resend-tickets', reason);
}

export function useResendTickets() {
  return useOrderActionMutation(resendTickets);
}
