import {
  formatEventDate,
  type EventWaitlistDto,
  type OrderDto,
  type WaitlistEntryDto,
} from '@gatepass/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isUuid } from '../../lib/uuid.ts';
import { appSecret } from '../../db/app-secrets.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { LimitsOf } from '../../lib/rate-limiter.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import { inventoryService } from '../events/inventory.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { emailKey } from '../orders/orders.limits.ts';
import type {
  OfferHolds,
  OrderCompletedHook,
  TicketsReleasedHook,
} from '../orders/orders.service.ts';
import { joinedMail, lapsedMail, offerMail, type InLine } from './waitlist.mails.ts';
import * as repo from './waitlist.repository.ts';

/** Joins per client address: a form anyone can post, that sends a mail. */
export const WAITLIST_LIMIT_RULES = {
  joinsPerIp: { points: 10, duration: 60 * 60 },
  claimsPerIp: { points: 30, duration: 15 * 60 },
  /** Leave links tried per address, as for claims: a wrong signature costs a point too. */
  leavesPerIp: { points: 30, duration: 15 * 60 },
};

export type WaitlistLimits = LimitsOf<typeof WAITLIST_LIMIT_RULES>;

/** The leave links' signing key's name in `app_secrets` (decision 047). */
export const WAITLIST_LEAVE_KEY = 'waitlist_leave_key';
const LEAVE_TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export interface WaitlistConfig {
  publicUrl: string;
  /** How long an offer holds its tickets (WAITLIST_OFFER_SECONDS, decision 032). */
  offerSeconds: number;
}

/** "Ada Lovelace" → Ada / Lovelace; a single word is both (orders need two names). */
function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return { firstName: parts[0]!, lastName: parts[0]! };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! };
}

/** The person in line as their mails greet them, and the tickets they wait for. */
const inLine = (
  entry: { email: string; name: string; quantity: number },
  eventTitle: string,
  typeName: string,
): InLine => ({
  to: entry.email,
  name: splitName(entry.name).firstName,
  eventTitle,
  typeName,
  quantity: entry.quantity,
});

/**
 * The waiting list of sold-out ticket types (issue 14 §2, decision 032).
 *
 * Tickets come back inside some transaction — a hold expiring (the sweeper), an order
 * cancelled or refunded, a capacity raised. `offerFreed` runs in that same transaction: it
 * locks the first waiting person whose quantity fits (FOR UPDATE SKIP LOCKED), takes their
 * tickets with the checkout's guarded UPDATE (`sold + n <= capacity`) into a pending order
 * held until the offer ends, and writes the offer mail to the outbox — one commit, so the
 * freed tickets never show as on sale in between, an entry is never offered twice, and a
 * ticket is never offered twice. The type's row is locked first, so one process at a time
 * serves a type's line, in order. When the offer's order expires or is cancelled, the same
 * path runs again and the tickets pass to the next person. The sweeper also offers any
 * tickets left over while people wait (`offerAvailable`), which is safe to run in several
 * processes at once for the same reasons.
 */
/** An offer as its hook is told of it: who, which tickets, held until when. */
export interface WaitlistOffer {
  eventId: string;
  orderId: string;
  entryId: string;
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  name: string;
  email: string;
  until: Date;
}

/** Told of each offer in the transaction that makes it (webhooks, issue 26 §3). */
export type OfferedHook = (trx: Kysely<Database>, offer: WaitlistOffer) => Promise<void>;

export class WaitlistService {
  private timer: NodeJS.Timeout | undefined;
  private leaveKey: string | undefined;
  private offeredHook: OfferedHook | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly orders: OfferHolds,
    private readonly limits: WaitlistLimits,
    private readonly config: WaitlistConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Set once at start-up (app.ts): who else hears of an offer. */
  onOffered(hook: OfferedHook): void {
    this.offeredHook = hook;
  }

  /** People waiting for any of these ticket types (the refund dialog says who gets them). */
  waitingFor(ticketTypeIds: string[]): Promise<number> {
    return repo.countWaiting(this.db, ticketTypeIds);
  }

  // The buyer ------------------------------------------------------------------------------

  async join(
    input: { eventId: string; ticketTypeId: string; name: string; email: string; quantity: number },
    clientAddress: string,
  ): Promise<{ ticketTypeId: string; quantity: number; place: number }> {
    await this.limits.joinsPerIp.consume(clientAddress);
    const state = await inventoryService.saleState(this.db, input.eventId, false);
    const event = state.event;
    const type = state.types.find((t) => t.id === input.ticketTypeId);
    if (!event || event.status !== 'published' || !type || type.hidden)
      throw notFound('This ticket type was not found.');
    if (event.end_at && event.end_at.getTime() <= Date.now())
      throw new AppError(409, 'CONFLICT', 'This event has ended.');
    this.leaveKey ??= await appSecret(this.db, WAITLIST_LEAVE_KEY);
    if (input.quantity > type.max_per_order) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `You can wait for at most ${type.max_per_order} "${type.name}" tickets.`,
      );
    }
    if (type.capacity - type.sold >= Math.max(1, type.min_per_order)) {
      throw new AppError(
        409,
        'CONFLICT',
        `"${type.name}" tickets are still on sale. Choose them on the event page.`,
      );
    }
    const key = emailKey(input.email);
    const { inserted, place } = await this.db.transaction().execute(async (trx) => {
      const row = await repo.insertEntry(trx, {
        eventId: event.id,
        ticketTypeId: type.id,
        name: input.name,
        email: input.email,
        emailKey: key,
        quantity: input.quantity,
      });
      // A new place or the one this email already had: the person is told where they stand.
      const place = await repo.placeInLine(trx, type.id, key);
      if (row) {
        await this.mail.enqueue(
          trx,
          joinedMail({
            ...inLine(row, event.title, type.name),
            place,
            eventUrl: this.eventUrl(event.slug),
            leaveLink: await this.leaveLink(trx, row.id),
          }),
        );
      }
      return { inserted: row, place };
    });
    if (inserted) this.mail.kick();
    // An email already in line keeps its place and is told it again (decision 059).
    return { ticketTypeId: type.id, quantity: input.quantity, place };
  }

  /**
   * The mailed offer link: the held order and an access token to pay for it (the checkout
   * pages then work as for any pending order). A free offer is completed at once.
   */
  async claim(
    token: string,
    clientAddress: string,
  ): Promise<{ order: OrderDto; accessToken: string }> {
    await this.limits.claimsPerIp.consume(clientAddress);
    const entry = await repo.findByClaimToken(this.db, sha256(token));
    if (!entry || !entry.order_id || entry.status === 'removed') {
      throw notFound('This link is not valid any more. The offer may have been withdrawn.');
    }
    const current = await this.orders.dtoById(entry.order_id);
    if (!current) throw notFound('This link is not valid any more.');
    const live =
      current.status === 'pending' &&
      current.reservedUntil !== null &&
      Date.parse(current.reservedUntil) > Date.now();
    if (current.status !== 'completed' && !live) {
      throw new AppError(
        409,
        'CONFLICT',
        'This offer has expired, and the tickets went to the next person on the waiting list.',
      );
    }
    const accessToken = newToken();
    const until = new Date(
      Math.max(Date.parse(current.reservedUntil ?? '') || 0, Date.now()) + 24 * 3_600_000,
    );
    await this.orders.grantAccess(entry.order_id, sha256(accessToken), until);
    if (live && current.totalPrice === 0) {
      const completed = await this.orders.completeFreeOffer(entry.order_id);
      if (completed) return { order: completed, accessToken };
    }
    return { order: current, accessToken };
  }

  /**
   * The "Leave the waiting list" link (decision 047): the place is given up at once; an open
   * offer is withdrawn and its tickets pass to the next person, in the same transaction.
   * Leaving twice answers the same; a wrong or forged link is 404 and costs a point of the
   * address's allowance, like the claim link.
   */
  async leave(
    token: string,
    clientAddress: string,
  ): Promise<{ eventTitle: string; ticketTypeName: string; quantity: number }> {
    await this.limits.leavesPerIp.consume(clientAddress);
    const invalid = () => notFound('This link is not valid. Copy the whole link from the email.');
    const match = LEAVE_TOKEN.exec(token);
    if (!match || !isUuid(match[1]!)) throw invalid();
    const entryId = match[1]!.toLowerCase();
    const expected = Buffer.from(await this.leaveMac(this.db, entryId));
    const given = Buffer.from(match[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();

    return this.db.transaction().execute(async (trx) => {
      const entry = await repo.lockEntryById(trx, entryId);
      if (!entry) throw invalid();
      const place = {
        eventTitle: entry.event_title,
        ticketTypeName: entry.ticket_type_name,
        quantity: entry.quantity,
      };
      if (entry.status === 'left') return place;
      if (entry.status !== 'waiting' && entry.status !== 'offered') {
        throw new AppError(
          409,
          'CONFLICT',
          entry.status === 'claimed'
            ? 'You already have these tickets: your place on the waiting list was used.'
            : 'You are no longer on this waiting list.',
        );
      }
      await repo.markRemoved(trx, entry.id, 'left');
      if (entry.status === 'offered' && entry.order_id) {
        await this.orders.withdrawOffer(trx, entry.order_id);
      }
      return place;
    });
  }

  /** `{PUBLIC_URL}/waitlist/leave?token={entryId}.{mac}`: signed, nothing stored per entry. */
  private async leaveLink(db: Kysely<Database>, entryId: string): Promise<string> {
    return `${this.config.publicUrl}/waitlist/leave?token=${entryId}.${await this.leaveMac(db, entryId)}`;
  }

  private async leaveMac(db: Kysely<Database>, entryId: string): Promise<string> {
    // Read through the caller's transaction when there is one (PGlite has one connection);
    // kept only when read outside one, so a key made in a transaction rolled back is not.
    const key = this.leaveKey ?? (await appSecret(db, WAITLIST_LEAVE_KEY));
    if (db === this.db) this.leaveKey = key;
    return createHmac('sha256', key).update(`waitlist-leave:${entryId}`).digest('base64url');
  }

  /** The event's public page, the link of the joined and lapsed mails. */
  private eventUrl(slug: string): string {
    return `${this.config.publicUrl}/events/${slug}`;
  }

  // Offers ---------------------------------------------------------------------------------

  /** OrdersService's release hook: offers whose orders ended pass on, then freed tickets are offered. */
  ticketsReleased: TicketsReleasedHook = async (trx, ended, ticketTypeIds) => {
    if (ended.length === 0) return;
    const lapsed = await repo.expireOffers(
      trx,
      ended.map((o) => o.id),
    );
    // Told in the same transaction, through the outbox: the offer ended and the tickets went on.
    for (const entry of lapsed) {
      await this.mail.enqueue(
        trx,
        lapsedMail({
          ...inLine(entry, entry.event_title, entry.ticket_type_name),
          eventUrl: this.eventUrl(entry.event_slug),
        }),
      );
    }
    await this.offerFreed(trx, ticketTypeIds);
  };

  /** Which of these orders hold a live offer (orders' holds list asks; decision 060). */
  offeredOrderIds = (orderIds: string[]): Promise<string[]> =>
    repo.offeredOrderIds(this.db, orderIds);

  /** The completion hook: an offer paid is claimed. */
  ordersCompleted: OrderCompletedHook = async (trx, completed) => {
    await repo.markClaimed(
      trx,
      completed.map((c) => c.order.id),
    );
  };

  /**
   * Offers the tickets left of these types to the people waiting, in line order, each one
   * whose quantity fits, until none is left or nobody fits. Runs in the caller's transaction.
   * Returns the number of offers made.
   */
  offerFreed = async (trx: Kysely<Database>, ticketTypeIds: string[]): Promise<number> => {
    let offers = 0;
    for (const ticketTypeId of [...ticketTypeIds].sort()) {
      for (;;) {
        const type = await inventoryService.lockTicketsLeft(trx, ticketTypeId);
        if (!type || type.left <= 0) break;
        const entry = await repo.lockNextWaiting(trx, ticketTypeId, type.left);
        if (!entry) break;
        if (!(await this.offer(trx, entry, type.event_id))) break;
        offers++;
      }
    }
    return offers;
  };

  /**
   * The sweeper's pass: tickets left over where people wait (freed by a path that offered
   * nothing, or left when nobody's quantity fitted before). One transaction per ticket type.
   */
  async offerAvailable(eventId?: string): Promise<number> {
    const types = await repo.typesWithWaitingAndTicketsLeft(this.db, eventId);
    let offers = 0;
    for (const type of types) {
      offers += await this.db.transaction().execute((trx) => this.offerFreed(trx, [type.id]));
    }
    if (offers > 0) this.mail.kick();
    return offers;
  }

  private async offer(
    trx: Kysely<Database>,
    entry: repo.WaitingEntry,
    eventId: string,
  ): Promise<boolean> {
    const until = new Date(Date.now() + this.config.offerSeconds * 1000);
    const { firstName, lastName } = splitName(entry.name);
    const held = await this.orders.holdForOffer(trx, {
      eventId,
      ticketTypeId: entry.ticket_type_id,
      quantity: entry.quantity,
      firstName,
      lastName,
      email: entry.email,
      until,
    });
    if (!held) return false;
    const { order, typeName } = held;
    const token = newToken();
    const offered = await repo.markOffered(trx, entry.id, {
      orderId: order.id,
      claimTokenHash: sha256(token),
      until,
    });
    if (!offered) throw new Error(`waiting-list entry ${entry.id} changed under its lock`);
    const event = await inventoryService.event(trx, eventId);
    await this.mail.enqueue(
      trx,
      offerMail({
        ...inLine(entry, event!.title, typeName),
        until: formatEventDate(until, event!.time_zone),
        link: `${this.config.publicUrl}/checkout/waitlist?token=${token}`,
        leaveLink: await this.leaveLink(trx, entry.id),
      }),
    );
    await this.offeredHook?.(trx, {
      eventId,
      orderId: order.id,
      entryId: entry.id,
      ticketTypeId: entry.ticket_type_id,
      ticketTypeName: typeName,
      quantity: entry.quantity,
      name: entry.name,
      email: entry.email,
      until,
    });
    return true;
  }

  start(intervalMs: number): void {
    void appSecret(this.db, WAITLIST_LEAVE_KEY).then(
      (key) => (this.leaveKey = key),
      (err: unknown) => this.log.error({ err }, 'reading the waiting-list leave key failed'),
    );
    this.timer = setInterval(() => {
      this.offerAvailable().catch((err: unknown) =>
        this.log.error({ err }, 'offering tickets to the waiting list failed'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  // The organiser --------------------------------------------------------------------------

  async list(ownerId: string, eventId: string): Promise<EventWaitlistDto> {
    await this.ownedEvent(ownerId, eventId);
    const rows = await repo.listForEvent(this.db, eventId);
    const codes = await this.orders.orderCodes(
      rows.flatMap((r) => (r.order_id ? [r.order_id] : [])),
    );
    const place = new Map<string, number>();
    const entries: WaitlistEntryDto[] = rows.map((r) => {
      const position = (place.get(r.ticket_type_id) ?? 0) + 1;
      place.set(r.ticket_type_id, position);
      return {
        id: r.id,
        position,
        ticketTypeId: r.ticket_type_id,
        ticketTypeName: r.ticket_type_name,
        name: r.name,
        email: r.email,
        quantity: r.quantity,
        status: r.status,
        offeredUntil: r.offered_until ? r.offered_until.toISOString() : null,
        orderId: r.order_id,
        orderCode: r.order_id ? (codes.get(r.order_id) ?? null) : null,
        createdAt: r.created_at.toISOString(),
      };
    });
    return { offerSeconds: this.config.offerSeconds, entries };
  }

  /**
   * Takes someone off the list. An open offer is withdrawn: its hold is released, and the
   * tickets pass to the next person in line.
   */
  async remove(ownerId: string, eventId: string, entryId: string): Promise<EventWaitlistDto> {
    await this.ownedEvent(ownerId, eventId);
    if (!isUuid(entryId)) throw notFound('This waiting-list entry was not found.');
    const removed = await this.db.transaction().execute(async (trx) => {
      const entry = await repo.findEntry(trx, eventId, entryId);
      if (!entry) throw notFound('This waiting-list entry was not found.');
      return repo.markRemoved(trx, entry.id);
    });
    if (!removed) {
      throw new AppError(
        409,
        'CONFLICT',
        'Only people still waiting or holding an offer can be removed.',
      );
    }
    if (removed.order_id) {
      await this.orders.releaseHold(ownerId, removed.order_id).catch((err: unknown) => {
        // Paid meanwhile (or already ended): nothing to release.
        if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
      });
    }
    return this.list(ownerId, eventId);
  }

  private async ownedEvent(ownerId: string, eventId: string) {
    const event = isUuid(eventId) ? await inventoryService.event(this.db, eventId) : undefined;
    if (!event || event.owner_id !== ownerId) throw notFound('This event does not exist.');
    return event;
  }
}
