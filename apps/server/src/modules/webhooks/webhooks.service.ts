import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookCreatedDto,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEvent,
} from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newToken } from '../../lib/secrets.ts';
import { lockKey } from '../../db/locks.ts';
import { accounts } from '../auth/auth.accounts.ts';
import { eventLookup } from '../events/events.lookup.ts';
import { MailService } from '../mail/mail.service.ts';
import type { MessageTransport } from '../mail/mail.transport.ts';
import { orderLookup } from '../orders/orders.lookup.ts';
import type { OrderCompletedHook } from '../orders/orders.service.ts';
import type { WaitlistOffer } from '../waitlist/waitlist.service.ts';
import { refuseUrl } from './webhooks.address.ts';
import { endpointPausedMail } from './webhooks.mails.ts';
import * as repo from './webhooks.repository.ts';
import { orderData, outboxRow, toDeliveryDto, toEndpointDto } from './webhooks.dto.ts';
import { postDelivery } from './webhooks.send.ts';
import type { WebhookEndpointRow } from './webhooks.table.ts';

export interface WebhooksConfig {
  publicUrl: string;
  /** WEBHOOKS_ALLOW_LOOPBACK: tests and e2e only — 127.0.0.0/8 and ::1 may receive. */
  allowLoopback: boolean;
  /** WEBHOOK_RETRY_SECONDS: the waits between attempts (a day in all by default). */
  retrySeconds: number[];
  /** WEBHOOK_PAUSE_AFTER_SECONDS: an endpoint failing this long is paused. */
  pauseAfterSeconds: number;
  /** WEBHOOK_TIMEOUT_MS: how long one attempt waits for an answer. */
  timeoutMs: number;
  /** How often the dispatcher looks for due deliveries (as the mail outbox's). */
  intervalMs: number;
}

/** What an ended order (the orders module's row) tells: which change it was. */
interface EndedOrder {
  id: string;
  status: string;
  event_id: string;
  paid_at: Date | null;
}

const tooMany = () =>
  new AppError(
    409,
    'CONFLICT',
    `You can have at most ${WEBHOOK_LIMITS.endpointsMax} webhook endpoints. Delete one you no longer use first.`,
  );

/**
 * Webhooks (issue 26 §3, decisions 072 and 073). Every change that an endpoint takes writes,
 * in the change's own transaction, one `webhook_deliveries` row per endpoint (unique per
 * change) and one outbox row (channel 'webhook'); the webhook dispatcher — a MailService of
 * the same outbox, sending only that channel — signs and POSTs it after the commit, retries
 * with backoff for a day, and logs every attempt. A sale never waits for a receiver.
 */
const ENDPOINT_CACHE_MS = 1_000;

export class WebhooksService {
  /** Sends the outbox's webhook rows; kicked with the mail dispatcher. */
  readonly dispatcher: MailService;
  /**
   * Each organiser's live endpoints, read at most once a second per process (decision 072):
   * a sale then costs no read for webhooks. A change made here forgets the entry at once; one
   * made by another process is seen within the second.
   */
  private readonly endpointCache = new Map<
    string,
    { until: number; rows: Pick<WebhookEndpointRow, 'id' | 'status' | 'events'>[] }
  >();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly config: WebhooksConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.dispatcher = new MailService(
      db,
      { webhook: this.transport() },
      log,
      config.intervalMs,
      undefined,
      { channels: ['webhook'], retrySeconds: config.retrySeconds },
    );
    mail.link(this.dispatcher);
  }

  start(): void {
    this.dispatcher.start();
  }

  stop(): Promise<void> {
    return this.dispatcher.stop();
  }

  // Settings ---------------------------------------------------------------------------

  async list(organiserId: string): Promise<WebhookEndpointDto[]> {
    return (await repo.listEndpoints(this.db, organiserId)).map(toEndpointDto);
  }

  async create(organiserId: string, body: CreateWebhookBody): Promise<WebhookCreatedDto> {
    await this.checkUrl(body.url);
    const secret = `whsec_${newToken()}`;
    const row = await this.db.transaction().execute(async (trx) => {
      // The count and the insert, one organiser at a time (the cap holds under a burst).
      await lockKey(trx, `webhook-endpoints:${organiserId}`);
      if ((await repo.countEndpoints(trx, organiserId)) >= WEBHOOK_LIMITS.endpointsMax)
        throw tooMany();
      return repo.insertEndpoint(trx, {
        organiserId,
        url: body.url.trim(),
        description: body.description?.trim() ?? '',
        events: body.events as WebhookEvent[],
        secret,
      });
    });
    this.endpointCache.delete(organiserId);
    return { ...toEndpointDto(row), secret };
  }

  /**
   * Changes an endpoint. Turning a paused (or off) endpoint on sends again, in the same
   * transaction, every delivery held while it was not sent to.
   */
  async update(
    organiserId: string,
    endpointId: string,
    body: UpdateWebhookBody,
  ): Promise<WebhookEndpointDto> {
    // Another organiser's endpoint is not found before anything about the body is said.
    if (!(await repo.findEndpoint(this.db, organiserId, endpointId))) throw endpointNotFound();
    if (body.url !== undefined) await this.checkUrl(body.url);
    const row = await this.db.transaction().execute(async (trx) => {
      const found = await repo.findEndpoint(trx, organiserId, endpointId, true);
      if (!found) throw endpointNotFound();
      const turningOn = body.enabled === true && found.status !== 'active';
      const updated = await repo.updateEndpoint(trx, endpointId, {
        url: body.url?.trim(),
        description: body.description?.trim(),
        events: body.events as WebhookEvent[] | undefined,
        status: body.enabled === undefined ? undefined : body.enabled ? 'active' : 'disabled',
      });
      if (turningOn) {
        const held = await repo.requeue(trx, { endpointId, held: true });
        await this.dispatcher.enqueueMany(trx, held.map(outboxRow));
      }
      return updated;
    });
    this.endpointCache.delete(organiserId);
    this.dispatcher.kick();
    return toEndpointDto(row);
  }

  async remove(organiserId: string, endpointId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const found = await repo.findEndpoint(trx, organiserId, endpointId, true);
      if (!found) throw endpointNotFound();
      // Its queued outbox rows find no delivery and end without a request.
      await repo.deleteEndpoint(trx, endpointId);
    });
    this.endpointCache.delete(organiserId);
  }

  async deliveries(organiserId: string, endpointId: string): Promise<WebhookDeliveryDto[]> {
    const endpoint = await repo.findEndpoint(this.db, organiserId, endpointId);
    if (!endpoint) throw endpointNotFound();
    const rows = await repo.listDeliveries(this.db, endpointId, WEBHOOK_LIMITS.deliveriesShown);
    const attempts = await repo.attemptsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      toDeliveryDto(
        r,
        attempts.filter((a) => a.delivery_id === r.id),
      ),
    );
  }

  /**
   * "Redeliver": the same delivery (same body, same `Gatepass-Delivery` id) queued again,
   * newly signed. Once per press: a delivery already queued, or queued again within the last
   * few seconds (the same press twice, decision 115), is refused.
   */
  async redeliver(
    organiserId: string,
    endpointId: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    const row = await this.db.transaction().execute(async (trx) => {
      const endpoint = await repo.findEndpoint(trx, organiserId, endpointId);
      if (!endpoint) throw endpointNotFound();
      const delivery = await repo.findDelivery(trx, endpointId, deliveryId);
      if (!delivery) throw notFound('This delivery was not found.');
      if (endpoint.status !== 'active') {
        throw new AppError(
          409,
          'CONFLICT',
          endpoint.status === 'paused'
            ? 'This endpoint is paused. Turn it on again to send its held deliveries.'
            : 'This endpoint is turned off. Turn it on to send deliveries.',
        );
      }
      const queued = await repo.requeue(trx, { deliveryId });
      if (queued.length === 0) {
        throw new AppError(
          409,
          'CONFLICT',
          delivery.status === 'pending'
            ? 'This delivery is already queued; its next attempt is on its way.'
            : 'This delivery was queued again a moment ago. Wait a few seconds to send it again.',
        );
      }
      await this.dispatcher.enqueueMany(trx, queued.map(outboxRow));
      return (await repo.findDelivery(trx, endpointId, deliveryId))!;
    });
    this.dispatcher.kick();
    return toDeliveryDto(row, []);
  }

  private async checkUrl(url: string): Promise<void> {
    const refusal = await refuseUrl(url.trim(), this.config.allowLoopback);
    if (refusal) {
      throw new AppError(400, 'VALIDATION_FAILED', refusal, {
        issues: [{ path: ['url'], message: refusal }],
      });
    }
  }

  // Changes (each in the transaction that makes it) -----------------------------------

  /** Orders completed (checkout, payment, marked paid, a claimed offer). */
  readonly ordersCompleted: OrderCompletedHook = async (trx, completed) => {
    // A checkout group completes many orders at once, nearly always of one organiser: one
    // read of their endpoints per organiser, not per order.
    const byOwner = new Map<string, string[]>();
    for (const { order, event } of completed) {
      byOwner.set(event.owner_id, [...(byOwner.get(event.owner_id) ?? []), order.id]);
    }
    for (const [owner, orderIds] of byOwner) {
      await this.recordOrders(trx, owner, 'order.completed', orderIds, 'completed');
    }
  };

  /**
   * Orders that ended and gave their tickets back: a refund is `order.refunded`; a
   * cancellation is `order.cancelled` only for an order that had completed (paid or free)
   * — an unpaid hold running out is no change to a sale (decision 073).
   */
  async ordersEnded(trx: Kysely<Database>, ended: EndedOrder[]): Promise<void> {
    for (const order of ended) {
      const event: WebhookEvent | undefined =
        order.status === 'refunded'
          ? 'order.refunded'
          : order.status === 'cancelled' && order.paid_at
            ? 'order.cancelled'
            : undefined;
      if (!event) continue;
      const owner = (await eventLookup.ownerOf(trx, order.event_id))?.ownerId;
      if (owner) await this.recordOrders(trx, owner, event, [order.id], order.status);
    }
  }

  /** An order changed hands: its new code and holder, and who held it before. */
  async transferred(
    trx: Kysely<Database>,
    order: { id: string; code: string; event_id: string },
    from: { code: string; firstName: string; lastName: string; email: string },
  ): Promise<void> {
    const owner = (await eventLookup.ownerOf(trx, order.event_id))?.ownerId;
    if (!owner) return;
    await this.recordOrders(
      trx,
      owner,
      'ticket.transferred',
      [order.id],
      `transfer:${order.code}`,
      {
        from,
      },
    );
  }

  /** Whether an endpoint of the owner takes check-ins (the endpoints are held for a second). */
  async takesCheckins(ownerId: string): Promise<boolean> {
    return (await this.endpointsFor(this.db, ownerId, 'ticket.checked_in')).length > 0;
  }

  /**
   * Codes admitted at the door (one delivery per order: an order is checked in once). The
   * door knows the event's owner (it checked it): no read of the event per scan. True when
   * the owner has endpoints, so deliveries may wait in the outbox.
   */
  async checkedIn(
    trx: Kysely<Database>,
    eventId: string,
    orderIds: string[],
    device: string | null,
    ownerId: string,
  ): Promise<boolean> {
    if (orderIds.length === 0) return false;
    return this.recordOrders(trx, ownerId, 'ticket.checked_in', orderIds, 'checkin', { device });
  }

  /** A waiting-list place was offered tickets (held as a pending order until `until`). */
  async offered(trx: Kysely<Database>, offer: WaitlistOffer): Promise<void> {
    const owner = (await eventLookup.ownerOf(trx, offer.eventId))?.ownerId;
    if (!owner) return;
    await this.record(trx, owner, 'waitlist.offered', `offer:${offer.orderId}`, {
      offer: {
        entryId: offer.entryId,
        orderId: offer.orderId,
        eventId: offer.eventId,
        ticketTypeId: offer.ticketTypeId,
        ticketTypeName: offer.ticketTypeName,
        quantity: offer.quantity,
        name: offer.name,
        email: offer.email,
        expiresAt: offer.until.toISOString(),
      },
    });
  }

  private async endpointsFor(
    trx: Kysely<Database>,
    organiserId: string,
    event: WebhookEvent,
  ): Promise<Pick<WebhookEndpointRow, 'id' | 'status'>[]> {
    const now = Date.now();
    let entry = this.endpointCache.get(organiserId);
    if (!entry || entry.until <= now) {
      entry = { until: now + ENDPOINT_CACHE_MS, rows: await repo.liveEndpoints(trx, organiserId) };
      this.endpointCache.set(organiserId, entry);
    }
    return entry.rows.filter((e) => e.events.includes(event));
  }

  private async recordOrders(
    trx: Kysely<Database>,
    organiserId: string,
    event: WebhookEvent,
    orderIds: string[],
    change: string,
    extra: Record<string, unknown> = {},
  ): Promise<boolean> {
    // The common case, no endpoint: one indexed read and nothing else in the sale.
    const endpoints = await this.endpointsFor(trx, organiserId, event);
    if (endpoints.length === 0) return false;
    for (const snapshot of await orderLookup.snapshots(trx, orderIds)) {
      await this.record(
        trx,
        organiserId,
        event,
        `order:${snapshot.id}:${change}`,
        { order: orderData(snapshot), ...extra },
        endpoints,
      );
    }
    return true;
  }

  /**
   * One delivery per endpoint that takes `event`, unless this change was recorded for it
   * already; the outbox row of each one that may be sent now.
   */
  private async record(
    trx: Kysely<Database>,
    organiserId: string,
    event: WebhookEvent,
    changeKey: string,
    data: Record<string, unknown>,
    known?: Pick<WebhookEndpointRow, 'id' | 'status'>[],
  ): Promise<void> {
    const endpoints = known ?? (await this.endpointsFor(trx, organiserId, event));
    if (endpoints.length === 0) return;
    const createdAt = new Date().toISOString();
    const written = await repo.insertDeliveries(
      trx,
      endpoints.map((e) => {
        const id = randomUUID();
        return {
          id,
          endpointId: e.id,
          event,
          changeKey,
          payload: JSON.stringify({ id, type: event, createdAt, data }),
          held: e.status !== 'active',
        };
      }),
    );
    await this.dispatcher.enqueueMany(
      trx,
      written
        .filter((w) => w.status === 'pending')
        .map((w) => outboxRow({ id: w.id, redeliveries: 0, event_type: event })),
    );
  }

  // Sending ----------------------------------------------------------------------------

  /** The outbox transport of the 'webhook' channel. */
  private transport(): MessageTransport {
    return {
      delivers: 'sent',
      send: async (row, signal) => {
        const deliveryId = row.context?.deliveryId ?? row.to_address;
        const delivery = await repo.deliveryToSend(this.db, deliveryId);
        // The endpoint was deleted since: nothing to send.
        if (!delivery) return 'endpoint deleted';
        if (delivery.endpoint_status !== 'active') {
          await repo.holdDelivery(this.db, delivery.id);
          return `held (${delivery.endpoint_status})`;
        }
        const result = await postDelivery({
          url: delivery.url,
          body: delivery.payload,
          secret: delivery.secret,
          deliveryId: delivery.id,
          event: delivery.event_type,
          allowLoopback: this.config.allowLoopback,
          timeoutMs: this.config.timeoutMs,
          signal,
        });
        const ok = result.error === null;
        // The outbox retries a failure while its schedule has a wait left (row.attempts is
        // the number of attempts before this one).
        const lastTry = this.config.retrySeconds[row.attempts] === undefined;
        const paused = await this.db.transaction().execute(async (trx) => {
          await repo.recordAttempt(trx, delivery.id, {
            ...result,
            outcome: ok ? 'delivered' : lastTry ? 'failed' : 'pending',
          });
          if (ok) {
            await repo.endpointSucceeded(trx, delivery.endpoint_id);
            return false;
          }
          const { paused } = await repo.endpointFailed(
            trx,
            delivery.endpoint_id,
            this.config.pauseAfterSeconds,
          );
          if (paused) await this.tellPaused(trx, delivery, result.error ?? '');
          return paused;
        });
        if (paused) {
          this.log.warn(
            { endpointId: delivery.endpoint_id },
            'webhook endpoint paused after failing for a day',
          );
          this.mail.kick();
        }
        if (!ok) throw new Error(result.error ?? 'failed');
        return String(result.statusCode);
      },
      close: () => {},
    };
  }

  private async tellPaused(
    trx: Kysely<Database>,
    delivery: repo.DeliveryToSend,
    lastError: string,
  ): Promise<void> {
    const owner = await accounts.find(trx, delivery.organiser_id);
    if (!owner) return;
    await this.mail.enqueue(
      trx,
      endpointPausedMail({
        to: owner.email,
        name: owner.fullName,
        url: delivery.url,
        endpointId: delivery.endpoint_id,
        lastError,
        hours: Math.round(this.config.pauseAfterSeconds / 3600),
        settingsLink: `${this.config.publicUrl}/events/manage/settings/#webhooks`,
      }),
    );
  }
}

const endpointNotFound = () => notFound('This webhook endpoint was not found.');
