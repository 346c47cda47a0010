import { z } from 'zod';

/**
 * Webhooks (issue 26 §3, decisions 072 and 073): an owner registers endpoints that receive a
 * signed JSON POST when something happens to their orders. Each delivery is an outbox row,
 * retried with backoff for a day and logged; docs/integrations.md `## Webhooks` is the
 * receiver's guide.
 */

/** What an endpoint can be sent, in the order Settings lists them. */
export const WEBHOOK_EVENTS = [
  'order.completed',
  'order.refunded',
  'order.cancelled',
  'ticket.transferred',
  'ticket.checked_in',
  'waitlist.offered',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.completed': 'Order completed',
  'order.refunded': 'Order refunded',
  'order.cancelled': 'Order cancelled',
  'ticket.transferred': 'Ticket transferred',
  'ticket.checked_in': 'Check-in',
  'waitlist.offered': 'Waiting-list offer',
};

/** The headers every delivery carries (lower case, as Node's `req.headers` shows them). */
export const WEBHOOK_HEADERS = {
  /** `v1=` and the hex HMAC-SHA256 of `{timestamp}.{body}` under the endpoint's secret. */
  signature: 'gatepass-signature',
  /** Unix seconds when this attempt was signed. */
  timestamp: 'gatepass-timestamp',
  /** The delivery's id: the same on every attempt and redelivery (the idempotency key). */
  delivery: 'gatepass-delivery',
  /** The event type, e.g. `order.completed`. */
  event: 'gatepass-event',
} as const;

export const WEBHOOK_LIMITS = {
  /** Endpoints one organiser may have. */
  endpointsMax: 10,
  urlMax: 2000,
  descriptionMax: 200,
  /** Deliveries Settings shows per endpoint (newest first). */
  deliveriesShown: 50,
} as const;

const url = z
  .string({ error: 'Enter the URL that should receive the webhooks.' })
  .trim()
  .min(1, 'Enter the URL that should receive the webhooks.')
  .max(WEBHOOK_LIMITS.urlMax, `A URL can be at most ${WEBHOOK_LIMITS.urlMax} characters.`)
  .refine(
    (v) => {
      try {
        const parsed = new URL(v);
        return parsed.protocol === 'https:' || parsed.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { error: 'Enter a full URL starting with https://, e.g. https://example.com/gatepass-hook.' },
  );

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'An event to send is not recognised.' }), {
    error: 'Choose the events to send.',
  })
  .min(1, 'Choose at least one event to send.')
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));

const description = z
  .string()
  .trim()
  .max(
    WEBHOOK_LIMITS.descriptionMax,
    `A description can be at most ${WEBHOOK_LIMITS.descriptionMax} characters.`,
  );

/** Register an endpoint (owner). */
export const createWebhookBody = z.object({
  url,
  events,
  description: description.optional(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/**
 * Change an endpoint (owner). `enabled: true` on a paused endpoint resumes it: the deliveries
 * held while it was paused are sent again.
 */
export const updateWebhookBody = z
  .object({
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'Nothing to change.',
  });
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

/**
 * `paused`: Gatepass stopped sending after the endpoint failed for a day (the owner was
 * mailed); `disabled`: the owner turned it off. Neither is sent to; a paused endpoint's
 * deliveries are kept and sent when it is resumed.
 */
export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const webhookEndpointDto = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(WEBHOOK_STATUSES),
  /** Since when every attempt has failed; null while the last one succeeded. */
  failingSince: z.string().nullable(),
  pausedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointDto>;

/** The answer to registering: the signing secret, shown this once. */
export const webhookCreatedDto = webhookEndpointDto.extend({ secret: z.string() });
export type WebhookCreatedDto = z.infer<typeof webhookCreatedDto>;

/**
 * `pending`: queued or being retried; `delivered`: the endpoint answered 2xx; `failed`: a day
 * of retries ran out; `held`: not sent because the endpoint is paused or turned off.
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'held'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptDto = z.object({
  at: z.string(),
  /** The endpoint's HTTP status; null when no answer came (refused address, timeout…). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttemptDto = z.infer<typeof webhookAttemptDto>;

export const webhookDeliveryDto = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** The newest attempts first. */
  log: z.array(webhookAttemptDto),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

export const webhookDeliveriesDto = z.array(webhookDeliveryDto);
export const webhookEndpointsDto = z.array(webhookEndpointDto);
