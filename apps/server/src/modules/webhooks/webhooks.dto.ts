import type { WebhookDeliveryDto, WebhookEndpointDto, WebhookEvent } from '@gatepass/shared';
import type { NewWebhook } from '../mail/mail.service.ts';
import type { OrderSnapshot } from '../orders/orders.lookup.ts';
import type {
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
} from './webhooks.table.ts';

/** Where webhook rows become API answers, delivery bodies and outbox rows. */

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a webhook says about an order (docs/integrations.md). */
export function orderData(o: OrderSnapshot) {
  return {
    id: o.id,
    code: o.code,
    status: o.status,
    test: o.payment_method === 'test',
    event: {
      id: o.event_id,
      title: o.event_title,
      slug: o.event_slug,
      startAt: iso(o.event_start_at),
    },
    buyer: { firstName: o.first_name, lastName: o.last_name, email: o.email, phone: o.phone },
    quantity: o.quantity,
    subtotalKobo: o.subtotal_kobo,
    discountKobo: o.discount_kobo,
    feeKobo: o.fee_kobo,
    totalKobo: o.total_kobo,
    currency: 'NGN',
    paymentMethod: o.payment_method,
    items: o.items,
    createdAt: o.created_at.toISOString(),
    paidAt: iso(o.paid_at),
    checkedInAt: iso(o.attended_at),
    cancelledAt: iso(o.cancelled_at),
  };
}

export const outboxRow = (d: {
  id: string;
  redeliveries: number;
  event_type: WebhookEvent;
}): NewWebhook => ({
  channel: 'webhook',
  kind: d.event_type,
  deliveryId: d.id,
  about: `${d.id}:${d.redeliveries}`,
});

export function toEndpointDto(row: WebhookEndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.status,
    failingSince: iso(row.failing_since),
    pausedAt: iso(row.paused_at),
    createdAt: row.created_at.toISOString(),
  };
}

export function toDeliveryDto(
  row: WebhookDeliveryRow,
  attempts: WebhookAttemptRow[],
): WebhookDeliveryDto {
  return {
    id: row.id,
    event: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastAttemptAt: iso(row.last_attempt_at),
    deliveredAt: iso(row.delivered_at),
    createdAt: row.created_at.toISOString(),
    log: attempts.map((a) => ({
      at: a.attempted_at.toISOString(),
      statusCode: a.status_code,
      error: a.error,
      durationMs: a.duration_ms,
    })),
  };
}
