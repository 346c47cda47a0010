import type { OrderStatus, PaymentMethod } from '@gatepass/shared';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  expired: 'Expired',
};

export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  pending: 'amber',
  completed: 'green',
  cancelled: 'gray',
  refunded: 'sky',
  expired: 'gray',
};

/**
 * The label of the moment an order ended: a refunded order was refunded then, not
 * "Cancelled" (issue 24 §4), and a lapsed hold expired.
 */
export function endedAtLabel(status: OrderStatus): string {
  return status === 'refunded' || status === 'expired' ? ORDER_STATUS_LABELS[status] : 'Cancelled';
}

/** Keyed by string so a provider added to the contract later still gets a label. */
const PAYMENT_METHOD_LABELS: Record<string, string> = {
  free: 'Free',
  test: 'TEST payment',
  offline: 'Offline (transfer or at the venue)',
  paystack: 'Paystack',
};

export function paymentMethodLabel(method: PaymentMethod): string {
  return PAYMENT_METHOD_LABELS[method] ?? method;
}

/** Words for the order history's kinds; unknown kinds show as they come, made readable. */
const HISTORY_LABELS: Record<string, string> = {
  created: 'Order placed',
  payment_method: 'Payment method chosen',
  payment_failed: 'Payment failed',
  paid: 'Paid',
  marked_paid: 'Marked as paid',
  completed: 'Completed',
  expired: 'Hold expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  tickets_resent: 'Tickets resent',
  tickets_sent: 'Tickets sent',
  checked_in: 'Checked in',
  attended: 'Checked in',
  late_payment: 'Late payment',
  event_cancelled: 'Paid after the event was cancelled',
  hold_extended: 'Hold extended for a transfer',
  refund_pending: 'Refund queued at Paystack',
  refund_processing: 'Refund processing at Paystack',
  refund_processed: 'Refund processed',
  refund_failed: 'Refund failed',
};

export function historyLabel(kind: string): string {
  const known = HISTORY_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
