import type { OrderStatus } from '@gatepass/shared';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES } from '../lib/status.ts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={ORDER_STATUS_TONES[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>;
}
