import type { WebhookEvent } from '@gatepass/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
} from './webhooks.table.ts';

export async function countEndpoints(db: Kysely<Database>, organiserId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organiser_id', '=', organiserId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(
  db: Kysely<Database>,
  values: {
    organiserId: string;
    url: string;
    description: string;
    events: WebhookEvent[];
    secret: string;
  },
): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      organiser_id: values.organiserId,
      url: values.url,
      description: values.description,
      events: JSON.stringify(values.events),
      secret: values.secret,
      failing_since: null,
      paused_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listEndpoints(
  db: Kysely<Database>,
  organiserId: string,
): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organiser_id', '=', organiserId)
    .orderBy('created_at')
    .execute();
}

export async function findEndpoint(
  db: Kysely<Database>,
  organiserId: string,
  id: string,
  lock = false,
): Promise<WebhookEndpointRow | undefined> {
  let query = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateEndpoint(
  db: Kysely<Database>,
  id: string,
  changes: {
    url?: string | undefined;
    description?: string | undefined;
    events?: WebhookEvent[] | undefined;
    status?: 'active' | 'disabled' | undefined;
  },
): Promise<WebhookEndpointRow> {
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.events !== undefined ? { events: JSON.stringify(changes.events) } : {}),
      ...(changes.status !== undefined
        ? // Turned on (or resumed): a fresh start, the day of failures is forgotten.
          changes.status === 'active'
          ? { status: 'active' as const, paused_at: null, failing_since: null }
          : { status: 'disabled' as const }
        : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEndpoint(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** Endpoints of an organiser that take this event and are not turned off. */
/** An organiser's endpoints that take deliveries (active, or paused and keeping them). */
export async function liveEndpoints(
  db: Kysely<Database>,
  organiserId: string,
): Promise<Pick<WebhookEndpointRow, 'id' | 'status' | 'events'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'status', 'events'])
    .where('organiser_id', '=', organiserId)
    .where('status', 'in', ['active', 'paused'])
    .execute();
}

export async function subscribedEndpoints(
  db: Kysely<Database>,
  organiserId: string,
  event: WebhookEvent,
): Promise<Pick<WebhookEndpointRow, 'id' | 'status'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'status'])
    .where('organiser_id', '=', organiserId)
    .where('status', 'in', ['active', 'paused'])
    .where(sql<boolean>`events @> ${JSON.stringify([event])}::jsonb`)
    .execute();
}

/**
 * Writes a delivery per endpoint for one change; the ids of those written. A change already
 * recorded for an endpoint (same change key) writes nothing: one change, one delivery.
 */
export async function insertDeliveries(
  db: Kysely<Database>,
  rows: {
    id: string;
    endpointId: string;
    event: WebhookEvent;
    changeKey: string;
    payload: string;
    held: boolean;
  }[],
): Promise<{ id: string; endpoint_id: string; status: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('webhook_deliveries')
    .values(
      rows.map((r) => ({
        id: r.id,
        endpoint_id: r.endpointId,
        event_type: r.event,
        change_key: r.changeKey,
        payload: r.payload,
        status: r.held ? ('held' as const) : ('pending' as const),
        last_status_code: null,
        last_error: null,
        last_attempt_at: null,
        delivered_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['endpoint_id', 'change_key']).doNothing())
    .returning(['id', 'endpoint_id', 'status'])
    .execute();
}

/** A delivery with what its sending needs from its endpoint. */
export interface DeliveryToSend {
  id: string;
  event_type: WebhookEvent;
  payload: string;
  status: string;
  endpoint_id: string;
  url: string;
  secret: string;
  endpoint_status: string;
  organiser_id: string;
}

export async function deliveryToSend(
  db: Kysely<Database>,
  deliveryId: string,
): Promise<DeliveryToSend | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.event_type',
      'd.payload',
      'd.status',
      'd.endpoint_id',
      'e.url',
      'e.secret',
      'e.status as endpoint_status',
      'e.organiser_id',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

/** Records one attempt and what it means for the delivery. */
export async function recordAttempt(
  db: Kysely<Database>,
  deliveryId: string,
  attempt: {
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    outcome: 'delivered' | 'pending' | 'failed';
  },
): Promise<void> {
  await db
    .insertInto('webhook_attempts')
    .values({
      delivery_id: deliveryId,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: attempt.outcome,
      attempts: sql<number>`attempts + 1`,
      last_status_code: attempt.statusCode,
      last_error: attempt.error,
      last_attempt_at: sql<Date>`now()`,
      ...(attempt.outcome === 'delivered' ? { delivered_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', deliveryId)
    .execute();
}

/** A delivery not sent because its endpoint is paused or off. */
export async function holdDelivery(db: Kysely<Database>, deliveryId: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'held' })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .execute();
}

export async function endpointSucceeded(db: Kysely<Database>, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', endpointId)
    .where('failing_since', 'is not', null)
    .execute();
}

/**
 * An attempt failed: the endpoint is failing from now if it was not already; when it has
 * failed for `pauseAfterSeconds`, it is paused — once (the row that turns it answers true).
 */
export async function endpointFailed(
  db: Kysely<Database>,
  endpointId: string,
  pauseAfterSeconds: number,
): Promise<{ paused: boolean }> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: sql<Date>`now()` })
    .where('id', '=', endpointId)
    .where('failing_since', 'is', null)
    .execute();
  const paused = await db
    .updateTable('webhook_endpoints')
    .set({ status: 'paused', paused_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', endpointId)
    .where('status', '=', 'active')
    .where('failing_since', '<=', sql<Date>`now() - make_interval(secs => ${pauseAfterSeconds})`)
    .returning('id')
    .executeTakeFirst();
  return { paused: paused !== undefined };
}

/**
 * A redeliver press within this long of the delivery's last queuing is the same press again
 * (a double click, a retried request), not a new one (decision 115).
 */
export const REDELIVER_AGAIN_AFTER_SECONDS = 10;

/**
 * Queues deliveries again (redeliver, or a resumed endpoint's held ones): each that is not
 * pending now becomes pending with its redelivery count raised. Answers those changed — a
 * burst of the same request queues it once: the row lock makes the rest see `pending`, and
 * a press that comes after the first press's attempt has already finished sees that it was
 * queued again a moment ago.
 */
export async function requeue(
  db: Kysely<Database>,
  where: { deliveryId: string } | { endpointId: string; held: true },
): Promise<{ id: string; redeliveries: number; event_type: WebhookEvent }[]> {
  let query = db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      redeliveries: sql<number>`redeliveries + 1`,
      requeued_at: sql<Date>`now()`,
    })
    .where('status', '!=', 'pending');
  query =
    'deliveryId' in where
      ? query
          .where('id', '=', where.deliveryId)
          .where((eb) =>
            eb.or([
              eb('requeued_at', 'is', null),
              eb(
                'requeued_at',
                '<',
                sql<Date>`now() - make_interval(secs => ${REDELIVER_AGAIN_AFTER_SECONDS})`,
              ),
            ]),
          )
      : query.where('endpoint_id', '=', where.endpointId).where('status', '=', 'held');
  return query.returning(['id', 'redeliveries', 'event_type']).execute();
}

export async function findDelivery(
  db: Kysely<Database>,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
}

export async function listDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function attemptsOf(
  db: Kysely<Database>,
  deliveryIds: string[],
): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('attempted_at', 'desc')
    .execute();
}
