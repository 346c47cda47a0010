import type { WebhookDeliveryStatus, WebhookEvent, WebhookStatus } from '@gatepass/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

// jsonb: written as JSON text (the pg driver would send a JS array as a PostgreSQL array).
type Json<T> = ColumnType<T, string, string>;

/** An owner's receiver of webhooks (decision 072). */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  organiser_id: string;
  url: string;
  description: Generated<string>;
  events: Json<WebhookEvent[]>;
  /** The HMAC-SHA256 key of every delivery: shown to the owner once, never logged. */
  secret: string;
  status: Generated<WebhookStatus>;
  /** Since when every attempt has failed; null after a success. */
  failing_since: Date | null;
  paused_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One change for one endpoint; its id is the `Gatepass-Delivery` idempotency key. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: string;
  event_type: WebhookEvent;
  /** What changed (e.g. `order:{id}:completed`): unique per endpoint. */
  change_key: string;
  /** The JSON body exactly as sent. */
  payload: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  redeliveries: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  /** When it was last queued again (redeliver, resume): a burst of presses queues it once. */
  requeued_at: Date | null;
  created_at: Generated<Date>;
}

/** The delivery log: one row per attempt. */
export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempted_at: Generated<Date>;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
