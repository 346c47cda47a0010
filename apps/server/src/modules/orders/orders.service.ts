import { timingSafeEqual } from 'node:crypto';
import {
  formatKobo,
  koboToNaira,
  LIMITS,
  paystackChannelsOf,
  type OrderDto,
  type QuoteDto,
} from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { newToken, randomDigits, sha256 } from '../../lib/secrets.ts';
import { inventoryService, PurchaseGroups, type SaleEvent } from '../events/inventory.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { TicketOrder } from '../tickets/tickets.render.ts';
import type { TicketLinks } from '../tickets/ticket-links.ts';
import type { WalletEnabled } from '../wallet/wallet.links.ts';
import {
  checkBasket,
  checkPromo,
  CheckoutGroups,
  type CheckoutInput,
  type Created,
  type Line,
  type OrderCompletedHook,
  type Purchase,
  tooManyOpenHolds,
} from './orders.checkout.ts';
import type { NewMail, NewMessage } from '../mail/mail.service.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import {
  addressAllowance,
  buyerAllowance,
  CHECKOUT_LIMITS,
  emailKey,
  phoneKey,
  ticketsUnits,
  type CheckoutLimits,
} from './orders.limits.ts';
import {
  cancelledEventPaymentMail,
  holdConfirmationMail,
  isTestPaid,
  confirmationMessages,
  latePaymentMail,
  ticketOrderOf,
} from './orders.mails.ts';
import { hasLiveAccessToken, insertAccessToken } from './orders.manage.repository.ts';
import { priceOrder, type PricedLine } from './orders.pricing.ts';
import * as repo from './orders.repository.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';
import { transferredAwayMail, transferredToMessages } from './orders.transfer-mails.ts';
import {
  cancelledMessages,
  eventCancelledMessages,
  eventChangedMessages,
  refundedMessages,
  refundRoute,
  transferredAwaySms,
  type EventChange,
} from './orders.change-messages.ts';

export type { OrderCompletedHook } from './orders.checkout.ts';

/**
 * Runs inside the transaction that ended orders and gave their tickets back (expired holds,
 * cancellations, refunds): the waiting list offers the freed tickets in that same commit.
 */
export type TicketsReleasedHook = (
  trx: Kysely<Database>,
  ended: OrderRow[],
  ticketTypeIds: string[],
) => Promise<void>;

/**
 * Told of an order's changes inside the transaction that makes them (webhooks, issue 26 §3);
 * completions and ended orders reach it through onCompleted / onReleased.
 */
export interface OrderChangeHooks {
  transferred(
    trx: Kysely<Database>,
    order: OrderRow,
    from: { code: string; firstName: string; lastName: string; email: string },
  ): Promise<void>;
  checkedIn(
    trx: Kysely<Database>,
    eventId: string,
    orderIds: string[],
    deviceId: string | null,
  ): Promise<void>;
}

/** Who an order is transferred to (decision 033); their phone, if given, gets the SMS. */
export interface TransferTo {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
}

/** A pending order that holds a waiting-list offer's tickets (decision 032). */
export interface OfferHold {
  eventId: string;
  ticketTypeId: string;
  quantity: number;
  firstName: string;
  lastName: string;
  email: string;
  until: Date;
}
export { isTestPaid } from './orders.mails.ts';

export interface OrdersConfig {
  publicUrl: string;
  /** Signs each order's ticket link (SMS, light ticket page, wallet passes). */
  ticketLinks: TicketLinks;
  /** How long a pending order holds its tickets. */
  holdSeconds: number;
  sweepIntervalMs: number;
  /** PAYMENTS_TEST_MODE: the TEST provider may complete orders (no money changes hands). */
  testPayments: boolean;
  /**
   * TEST ONLY (UNSAFE_DISABLE_CAPACITY_GUARD): holds tickets with a naive read-then-write,
   * so the concurrency test can show that it would oversell without the guard.
   */
  unsafeDisableCapacityGuard?: boolean;
  /** ORDER_TRANSFERS_PER_DAY: how often one order may change hands in 24 hours (decision 050). */
  transfersPerDay: number;
  /** Which wallets the server signs passes for: the buyer's buttons and the mail's links. */
  wallet?: WalletEnabled;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * An organiser's transfer that does not name the order's current code is refused this long
 * after the order's last transfer: the same request sent twice (or twenty times at once)
 * moves the order once (decision 050).
 */
export const TRANSFER_SETTLE_SECONDS = 300;

export class OrdersService {
  private timer: NodeJS.Timeout | undefined;
  private completedHook: OrderCompletedHook | undefined;
  private releasedHook: TicketsReleasedHook | undefined;
  private changeHooks: OrderChangeHooks | undefined;
  private readonly checkout: CheckoutGroups;
  /** Purchases of one event arriving together are decided and written as a group. */
  private readonly purchases: PurchaseGroups<Purchase, Created>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly config: OrdersConfig,
    private readonly log: FastifyBaseLogger,
    private readonly limits: CheckoutLimits,
  ) {
    this.checkout = new CheckoutGroups(db, mail, config);
    this.purchases = new PurchaseGroups(this.checkout.run);
  }

  /** Set once at start-up (app.ts): what else happens when orders complete. */
  onCompleted(hook: OrderCompletedHook): void {
    this.completedHook = hook;
    this.checkout.onCompleted(hook);
  }

  /** Set once at start-up (app.ts): who is told of transfers and check-ins (webhooks). */
  onChanges(hooks: OrderChangeHooks): void {
    this.changeHooks = hooks;
  }

  /** Set once at start-up (app.ts): what else happens when tickets come back. */
  onReleased(hook: TicketsReleasedHook): void {
    this.releasedHook = hook;
  }

  // Checkout ---------------------------------------------------------------------------

  /** Prices a basket without holding anything, for the checkout summary. */
  async quote(input: {
    eventId: string;
    items: Line[];
    promoCode?: string | undefined;
  }): Promise<QuoteDto> {
    const state = await inventoryService.saleState(this.db, input.eventId, false);
    const now = Date.now();
    const types = new Map(state.types.map((t) => [t.id, t]));
    const { event, lines } = checkBasket(state.event, types, input.items, now);
    const promo = input.promoCode
      ? checkPromo(await repo.findPromo(this.db, event.id, input.promoCode), 0, now)
      : null;
    const pricing = priceOrder(lines, promo, event.fee_mode);
    return toQuoteDto(lines, pricing, event.fee_mode, promo?.code ?? null);
  }

  /**
   * Creates an order and holds its tickets. A free order completes at once; a paid one
   * stays pending until paid or until its hold runs out. Purchases of one event arriving
   * together are decided and written in one transaction (orders.checkout.ts); this one is
   * answered once that transaction has committed.
   */
  async create(
    input: CheckoutInput,
    buyerUserId: string | null,
    clientAddress: string,
  ): Promise<{ order: OrderDto; accessToken: string }> {
    const held = await this.admit(input, clientAddress);
    try {
      const created = await this.createAndRetry(input, buyerUserId);
      if (created.order.status === 'completed') {
        // The confirmation mail is already written; count it (a full count refuses the next).
        await this.limits.confirmationMailsPerAddress.consume(clientAddress).catch(() => {});
      }
      return created;
    } catch (err) {
      // Only tickets actually held count against the address.
      await held.giveBack();
      throw err;
    }
  }

  /**
   * The limits an order must pass before it holds anything (decision 025): orders per
   * address, per buyer email and per buyer phone; the buyer's open holds on this event;
   * and the address's share of the event's tickets in this window. 429 (or 409 for open
   * holds, which the buyer can resolve) with a sentence that says what to do.
   */
  private async admit(input: CheckoutInput, clientAddress: string) {
    const email = emailKey(input.buyer.email);
    const phone = phoneKey(input.buyer.phone);
    await this.limits.ordersPerAddress.consume(clientAddress);
    await this.limits.confirmationMailsPerAddress.check(clientAddress);
    await this.limits.ordersPerEmail.consume(email);
    await this.limits.ordersPerPhone.consume(phone);
    const open = await repo.countOpenHolds(this.db, input.eventId, email, phone);
    // A first look, outside any lock: decided again under the buyer's lock at checkout.
    if (open >= CHECKOUT_LIMITS.openHoldsPerBuyerPerEvent) throw tooManyOpenHolds(open);
    // Shares of the event's tickets: per address in the hold window, per buyer in a day.
    const tickets = input.items.reduce((n, line) => n + line.quantity, 0);
    const capacity = await inventoryService.capacity(this.db, input.eventId);
    const shares: [Limiter, string, number][] = [
      [
        this.limits.ticketsPerAddressPerEvent,
        `${clientAddress}|${input.eventId}`,
        ticketsUnits(tickets, addressAllowance(capacity)),
      ],
      [
        this.limits.ticketsPerBuyerPerEvent,
        `e:${email}|${input.eventId}`,
        ticketsUnits(tickets, buyerAllowance(capacity)),
      ],
      [
        this.limits.ticketsPerBuyerPerEvent,
        `p:${phone}|${input.eventId}`,
        ticketsUnits(tickets, buyerAllowance(capacity)),
      ],
    ];
    const taken: typeof shares = [];
    const giveBack = () =>
      Promise.all(taken.map(([limiter, key, units]) => limiter.reward(key, units).catch(() => {})));
    try {
      for (const share of shares) {
        await share[0].consume(share[1], share[2]);
        taken.push(share);
      }
    } catch (err) {
      await giveBack();
      if (err instanceof AppError && err.statusCode === 429) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          `You have reached the number of tickets one buyer or one connection can take of this event for now. ${err.message.replace('Too many attempts. ', '')}`,
          undefined,
          err.headers,
        );
      }
      throw err;
    }
    return { giveBack };
  }

  private async createAndRetry(
    input: CheckoutInput,
    buyerUserId: string | null,
  ): Promise<{ order: OrderDto; accessToken: string }> {
    try {
      return await this.createOnce(input, buyerUserId);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'SOLD_OUT') throw err;
      // Expired holds may still be counted; release them now and try once more.
      const released = await this.expireHolds(input.eventId);
      if (released === 0) throw err;
      return this.createOnce(input, buyerUserId);
    }
  }

  private async createOnce(
    input: CheckoutInput,
    buyerUserId: string | null,
  ): Promise<{ order: OrderDto; accessToken: string }> {
    const accessToken = newToken();
    const purchase: Purchase = { input, buyerUserId, accessTokenHash: sha256(accessToken) };
    // The oversell test's unguarded mode runs every purchase at once, each in a group of its
    // own, so that the missing guard is raced as hard as it can be.
    const { order, items, event } = this.config.unsafeDisableCapacityGuard
      ? await this.alone(purchase)
      : await this.purchases.add(input.eventId, purchase);
    return { order: this.withTicketUrl(toOrderDto(order, items, event), order), accessToken };
  }

  private async alone(purchase: Purchase): Promise<Created> {
    const [outcome] = await this.checkout.run(purchase.input.eventId, [purchase]);
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.value;
  }

  /** The order, for whoever holds its access token (the browser that created it). */
  async getForBuyer(orderId: string, accessToken: string): Promise<OrderDto> {
    const order = await this.orderForToken(orderId, accessToken);
    return this.withTicketUrl(await this.dto(order), order);
  }

  /**
   * A buyer's view of a completed order carries its ticket link (the light ticket page) and
   * which wallet passes hang below it (decisions 042–044).
   */
  private withTicketUrl(dto: OrderDto, order: Pick<OrderRow, 'id'>): OrderDto {
    return dto.status === 'completed'
      ? {
          ...dto,
          ticketUrl: this.config.ticketLinks.urlFor({ id: order.id, code: dto.orderCode }),
          walletApple: Boolean(this.config.wallet?.apple),
          walletGoogle: Boolean(this.config.wallet?.google),
        }
      : dto;
  }

  /**
   * The confirmed order a ticket link names (`{code}-{mac}`, ticket-links.ts), for the light
   * ticket page and the wallet passes; 404 for a wrong, old (transferred) or unpaid link.
   */
  async ticketForLink(segment: string): Promise<TicketOrder & { orderId: string }> {
    const code = this.config.ticketLinks.codeOf(segment);
    const order = code ? await repo.findOrderByCode(this.db, code) : undefined;
    if (
      !order ||
      !this.config.ticketLinks.matches(order, segment) ||
      order.status !== 'completed'
    ) {
      throw notFound('This ticket was not found.');
    }
    return { ...(await this.ticketOrder(order.id))!, orderId: order.id };
  }

  /**
   * Chooses how to pay: the TEST provider (a page that succeeds or fails), offline, or a
   * provider such as Paystack (the payments module then sends the buyer there).
   */
  async choosePayment(
    orderId: string,
    accessToken: string,
    method: 'test' | 'offline' | 'paystack',
    clientAddress: string,
  ): Promise<OrderDto> {
    const order = await this.orderForToken(orderId, accessToken);
    // Read once: the payability check, the offline rule and the answer all use it.
    const event = await inventoryService.event(this.db, order.event_id);
    this.assertPayable(order, event);
    if (!event) throw notFound('This order was not found.');
    let updated: OrderRow | undefined;
    if (method === 'offline') {
      if (!event.offline_payment) {
        throw new AppError(
          409,
          'CONFLICT',
          'This event does not take offline payment. Please choose another way to pay.',
        );
      }
      await this.limits.offlineHoldsPerAddress.consume(clientAddress);
      // The buyer confirms their email with this token; the tickets are then held longer.
      updated = await this.chooseOffline(order, event, newToken());
      if (updated) this.mail.kick();
    } else {
      updated = await repo.setPaymentMethodLogged(
        this.db,
        order.id,
        method,
        method === 'paystack' ? 'Paying with Paystack' : 'Paying with the TEST provider',
      );
    }
    // Nothing changed: this way to pay was chosen already (at the same moment, perhaps);
    // the order is answered as it stands, or the hold ran out.
    updated ??= await this.alreadyChosen(order.id, method);
    if (!updated) throw holdExpired();
    return toOrderDto(updated, await repo.findOrderItems(this.db, [updated.id]), event);
  }

  private async alreadyChosen(orderId: string, method: string): Promise<OrderRow | undefined> {
    const current = await repo.findOrderById(this.db, orderId);
    return current?.status === 'pending' && current.payment_method === method && holdLive(current)
      ? current
      : undefined;
  }

  /** Offline payment: the order, its history line and the hold-confirmation mail together. */
  private chooseOffline(order: OrderRow, event: SaleEvent, holdToken: string) {
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.setPaymentMethod(trx, order.id, 'offline', sha256(holdToken));
      if (row) {
        await repo.addHistory(trx, [
          {
            orderId: order.id,
            kind: 'payment_method',
            detail:
              'To be paid offline (bank transfer or at the venue); confirmation link mailed to the buyer',
          },
        ]);
        const link = `${this.config.publicUrl}/checkout/hold/confirm?token=${holdToken}`;
        const minutes = Math.max(
          1,
          Math.round((row.reserved_until!.getTime() - Date.now()) / 60_000),
        );
        await this.mail.enqueue(trx, holdConfirmationMail(row, event, link, minutes));
      }
      return row;
    });
  }

  /**
   * Locks the order and says whether `paymentRef` is what paid it: the order is completed
   * and its tickets stand on that payment (a refund of it takes them away).
   */
  async lockPaidBy(trx: Kysely<Database>, orderId: string, paymentRef: string): Promise<boolean> {
    const order = await repo.lockOrder(trx, orderId);
    return order?.status === 'completed' && order.payment_ref === paymentRef;
  }

  /**
   * A refund's state changed at Paystack (its refund webhooks, decision 056): the order
   * shows it and its history says so. `end`: the money that paid a completed order went
   * back in full (a refund made in Paystack's dashboard, or the app's own whose order was
   * not ended yet), so the order ends as refunded — its tickets stop working and go back
   * on sale. `flag`: a failed refund of money the order does not keep, so the organiser's
   * refund action sends it anew (the buyer has not had it back). Call with the order
   * locked (`lockPaidBy`).
   */
  async refundStateChanged(
    trx: Kysely<Database>,
    orderId: string,
    refund: { status: string; amountKobo: number; detail: string; end: boolean; flag: boolean },
  ): Promise<void> {
    if (refund.end) {
      const row = await repo.endOrder(trx, orderId, 'refunded', ['completed']);
      if (row) {
        await this.giveBack(trx, [row]);
        await repo.addHistory(trx, [
          {
            orderId,
            kind: 'refunded',
            detail:
              "Refunded in full at Paystack, outside Gatepass (Paystack's dashboard): the tickets no longer work and are back on sale.",
          },
        ]);
      }
    }
    await repo.setRefundState(trx, orderId, refund.status, refund.amountKobo, refund.flag);
    await repo.addHistory(trx, [
      { orderId, kind: `refund_${refund.status}`, detail: refund.detail },
    ]);
  }

  /**
   * The buyer chose a Paystack channel whose money arrives after they leave the page (bank
   * transfer, USSD): the pending order holds its tickets `minutes` from now, never less
   * than it already did. Answers the order, or 409 when its hold already ran out.
   */
  async extendHold(orderId: string, minutes: number, detail: string): Promise<void> {
    const extended = await this.db.transaction().execute(async (trx) => {
      const row = await repo.extendHold(trx, orderId, minutes);
      if (row) await repo.addHistory(trx, [{ orderId, kind: 'hold_extended', detail }]);
      return row;
    });
    if (!extended) throw holdExpired();
  }

  /**
   * The buyer opened the link mailed when they chose offline payment: their email is
   * theirs, so the order keeps its tickets for the event's offline hold. The link works
   * once, and only while the order's normal hold still runs.
   */
  async confirmHold(token: string): Promise<{ order: OrderDto; accessToken: string }> {
    const hash = sha256(token);
    const order = await repo.findOrderByHoldToken(this.db, hash);
    const event = order ? await inventoryService.event(this.db, order.event_id) : undefined;
    if (!order || !event) {
      throw notFound('This link is not valid any more. It may have been used already.');
    }
    const until = new Date(Date.now() + event.offline_hold_hours * 3_600_000);
    // A fresh access token, so the page that confirms can show the order (like the lookup's).
    const accessToken = newToken();
    const confirmed = await this.db.transaction().execute(async (trx) => {
      const row = await repo.confirmHold(trx, order.id, hash, until);
      if (!row) return undefined;
      await insertAccessToken(trx, row.id, sha256(accessToken), until);
      await repo.addHistory(trx, [
        {
          orderId: row.id,
          kind: 'hold_confirmed',
          detail: `Buyer confirmed their email; tickets held for offline payment until ${until.toISOString()}`,
        },
      ]);
      return row;
    });
    if (!confirmed) throw holdExpired();
    return { order: await this.dto(confirmed), accessToken };
  }

  /** The built-in TEST provider's answer: success completes the order, failure keeps it pending. */
  async completeTestPayment(
    orderId: string,
    accessToken: string,
    outcome: 'success' | 'failure',
  ): Promise<OrderDto> {
    if (!this.config.testPayments) throw testPaymentsOff();
    const order = await this.orderForToken(orderId, accessToken);
    if (order.payment_method !== 'test') {
      throw new AppError(409, 'CONFLICT', 'This order is not being paid with the TEST provider.');
    }
    // A live hold needs no event read here: complete() reads the event under its lock and
    // refuses a cancelled one with the same answer. Anything else is explained from it.
    if (!holdLive(order)) {
      this.assertPayable(order, await inventoryService.event(this.db, order.event_id));
    }
    if (outcome === 'failure') {
      await repo.addHistory(this.db, [
        { orderId: order.id, kind: 'payment_failed', detail: 'TEST payment failed' },
      ]);
      throw new AppError(
        402,
        'PAYMENT_FAILED',
        'The payment failed. You have not been charged; you can try again.',
      );
    }
    const paid = await this.complete(
      order,
      { method: 'test', ref: `test_${newToken().slice(0, 12)}` },
      null,
    );
    return this.withTicketUrl(paid, order);
  }

  // Organiser actions -------------------------------------------------------------------

  async markPaid(ownerId: string, orderId: string, actorUserId = ownerId): Promise<OrderDto> {
    const order = await this.orderForOwner(ownerId, orderId);
    if (order.status !== 'pending') {
      throw new AppError(
        409,
        'CONFLICT',
        `Only orders awaiting payment can be marked paid; this one is ${order.status}.`,
      );
    }
    return this.complete(order, { method: 'offline', ref: null }, actorUserId);
  }

  async cancel(
    ownerId: string,
    orderId: string,
    reason: string | null,
    actorUserId = ownerId,
  ): Promise<OrderDto> {
    return this.end(ownerId, orderId, 'cancelled', ['pending', 'completed'], reason, actorUserId);
  }

  /**
   * `told`: what the buyer's message says — the organiser's own note (not the Paystack
   * summary the history keeps) and how much went back through Paystack just now.
   */
  async refund(
    ownerId: string,
    orderId: string,
    reason: string | null,
    actorUserId = ownerId,
    told: { note: string | null; paystackKobo: number } = { note: reason, paystackKobo: 0 },
  ): Promise<OrderDto> {
    return this.end(ownerId, orderId, 'refunded', ['completed'], reason, actorUserId, told);
  }

  /** Ends a hold (a pending order) of the organiser's event: its tickets go back on sale. */
  async releaseHold(ownerId: string, orderId: string, actorUserId = ownerId): Promise<OrderDto> {
    const reason = 'Hold released by the organiser';
    return this.end(ownerId, orderId, 'cancelled', ['pending'], reason, actorUserId);
  }

  /**
   * Ends a waiting-list offer's hold in the caller's transaction, when the person leaves the
   * list themselves (decision 047): its tickets go back and on to the next person in line.
   */
  async withdrawOffer(trx: Kysely<Database>, orderId: string): Promise<void> {
    const row = await repo.endOrder(trx, orderId, 'cancelled', ['pending']);
    if (!row) return;
    await this.giveBack(trx, [row]);
    const detail = 'The buyer left the waiting list; the offer was withdrawn';
    await repo.addHistory(trx, [{ orderId: row.id, kind: 'cancelled', detail }]);
  }

  /** The event's open holds (pending orders), for its organiser (ownership checked by the caller). */
  openHolds(eventId: string): Promise<(OrderRow & { waitlist_offer: boolean })[]> {
    return repo.listOpenHolds(this.db, eventId);
  }

  async getForOwner(ownerId: string, orderId: string): Promise<OrderDto> {
    return this.dto(await this.orderForOwner(ownerId, orderId));
  }

  /** Mails the buyer's confirmation (their tickets) again; only a completed order has tickets. */
  async resendTickets(ownerId: string, orderId: string, actorUserId = ownerId): Promise<void> {
    const found = await this.orderForOwner(ownerId, orderId);
    const notCompleted = (status: string) =>
      new AppError(
        409,
        'CONFLICT',
        `Only a completed order has tickets to send; this one is ${status}.`,
      );
    if (found.status !== 'completed') throw notCompleted(found.status);
    const sent = await this.db.transaction().execute(async (trx) => {
      // On the locked row: the status again, and one resend however many clicks arrive at
      // once (decision 051). A resend within the window answers the same and sends nothing.
      const order = await repo.lockOrder(trx, found.id);
      if (!order || order.status !== 'completed') throw notCompleted(order?.status ?? 'gone');
      if (await repo.hasRecentHistory(trx, order.id, 'tickets_resent', RESEND_WINDOW_SECONDS)) {
        return false;
      }
      const items = await repo.findOrderItems(trx, [order.id]);
      const event = (await inventoryService.event(trx, order.event_id))!;
      // Each resend is an occasion of its own, but one per minute: twenty clicks (or requests)
      // at once send the tickets once (decision 052).
      const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
      await this.mail.enqueueMany(
        trx,
        confirmationMessages(order, items, event, this.config, `resend:${minute}`),
      );
      await repo.addHistory(trx, [
        {
          orderId: order.id,
          kind: 'tickets_resent',
          detail: `Tickets sent again to ${order.email}`,
          actorUserId,
        },
      ]);
      return true;
    });
    if (sent) this.mail.kick();
  }

  // The door ------------------------------------------------------------------------------

  admissibleOrders(eventId: string) {
    return repo.findAdmissibleOrders(this.db, eventId);
  }

  /** Refunded, cancelled and unpaid orders whose code a holder may bring (the door's reasons). */
  refusedOrders(eventId: string) {
    return repo.findRefusedOrders(this.db, eventId);
  }

  /** Every code an order of this event had before a transfer, with the next holder. */
  transfersOf(eventId: string) {
    return repo.findTransfersOfEvent(this.db, eventId);
  }

  /** Codes of the organiser's other events that have not ended (of `eventIds`, or all). */
  otherEventCodes(organiserId: string, eventIds: string[] | null, exceptEventId: string) {
    return repo.findOtherEventCodes(this.db, organiserId, eventIds, exceptEventId);
  }

  admissibleOrderItems(eventId: string) {
    return repo.findAdmissibleOrderItems(this.db, eventId);
  }

  /**
   * Records check-ins: which codes got in now, which were in already (and since when),
   * and which are not an admissible order of this event.
   */
  async markAttended(eventId: string, codes: string[], userId: string, deviceId: string | null) {
    const admitted = await this.db.transaction().execute(async (trx) => {
      const rows = await repo.markAttended(trx, eventId, codes, userId);
      const ids = rows.map((o) => o.id);
      await this.changeHooks?.checkedIn(trx, eventId, ids, deviceId);
      return rows;
    });
    if (admitted.length > 0) this.mail.kick();
    const admittedCodes = new Set(admitted.map((o) => o.code));
    const rest = codes.filter((c) => !admittedCodes.has(c));
    const known = await repo.findOrdersByCodes(this.db, eventId, rest);
    const alreadyUsed = known.filter((o) => o.status === 'completed' && o.attended_at);
    const usedCodes = new Set(alreadyUsed.map((o) => o.code));
    const unknown = rest.filter((c) => !usedCodes.has(c));
    const transferred = await repo.findTransferredCodes(this.db, eventId, unknown);
    return {
      transferred: [...new Set(transferred.map((t) => t.code))],
      admitted: admitted.map((o) => ({ orderId: o.id, code: o.code })),
      alreadyUsed: alreadyUsed.map((o) => ({
        orderId: o.id,
        code: o.code,
        attendedAt: o.attended_at!,
      })),
      unknown,
    };
  }

  // Payments and tickets ------------------------------------------------------------------

  /** The order as its ticket shows it, by id (the mail dispatcher renders tickets from it). */
  async ticketOrder(orderId: string): Promise<TicketOrder | undefined> {
    const order = await repo.findOrderById(this.db, orderId);
    if (!order) return undefined;
    const [items, event] = await Promise.all([
      repo.findOrderItems(this.db, [order.id]),
      inventoryService.event(this.db, order.event_id),
    ]);
    return ticketOrderOf(order, items, event!);
  }

  /** The tickets of a confirmed order, for whoever holds its access token. */
  async ticketForBuyer(orderId: string, accessToken: string): Promise<TicketOrder> {
    const order = await this.orderForToken(orderId, accessToken);
    if (order.status !== 'completed') {
      throw new AppError(
        409,
        'CONFLICT',
        order.status === 'pending'
          ? 'Your tickets are ready once the order is paid.'
          : `This order has no tickets: it is ${order.status}.`,
      );
    }
    return (await this.ticketOrder(order.id))!;
  }

  /**
   * Applies money a provider confirmed (verified on the buyer's return, or by a signed
   * webhook) to its order, inside the caller's transaction — the payments module's, which
   * marks the payment settled in the same commit, so a second delivery changes nothing.
   *
   * - A pending order completes; its tickets are still counted as held even past
   *   `reserved_until`, since the sweeper needs this row's lock to release them.
   * - An expired order tries to take its tickets again (guarded like checkout); if they
   *   are gone it stays expired, is flagged `needs_refund` with a 'late_payment' history
   *   entry, and the buyer is told a refund is coming. It is never oversold.
   * - A wrong amount or currency, a second payment of a paid order, or a payment of a
   *   cancelled or refunded order: nothing is sold; flagged for refund.
   */
  async settlePayment(
    trx: Kysely<Database>,
    orderId: string,
    payment: { method: 'paystack'; ref: string; amountKobo: number; currency: string },
  ): Promise<'completed' | 'already_paid' | 'needs_refund'> {
    const order = await repo.lockOrder(trx, orderId);
    if (!order) throw new Error(`payment ${payment.ref} names a missing order ${orderId}`);
    const event = (await inventoryService.event(trx, order.event_id))!;
    const items = await repo.findOrderItems(trx, [order.id]);
    const paid = `${payment.currency === 'NGN' ? formatKobo(payment.amountKobo) : `${payment.amountKobo / 100} ${payment.currency}`} by Paystack (reference ${payment.ref})`;
    const flag = async (kind: string, detail: string, mail: NewMail | null) => {
      await repo.flagNeedsRefund(trx, order.id, order.status === 'completed' ? null : payment);
      await repo.addHistory(trx, [{ orderId: order.id, kind, detail }]);
      if (mail) await this.mail.enqueue(trx, mail);
      this.log.warn({ orderId: order.id, reference: payment.ref, kind }, 'payment needs a refund');
      return 'needs_refund' as const;
    };
    const late = () => latePaymentMail(order, event, payment.amountKobo);

    // The event was cancelled while the buyer paid: no ticket for an event that will not
    // happen. The order ends (its hold is given back) and the money waits for the
    // organiser's Refund action, which returns it through Paystack (decision 017).
    if (
      (order.status === 'pending' || order.status === 'expired') &&
      (await inventoryService.cancelledForPayment(trx, order.event_id))
    ) {
      if (order.status === 'pending') {
        const ended = await repo.endOrder(trx, order.id, 'cancelled', ['pending']);
        if (ended) await this.giveBack(trx, [ended]);
      }
      return flag(
        'event_cancelled',
        `Received ${paid} after the event was cancelled: no tickets. Refund the buyer: the order's Refund action returns it through Paystack.`,
        cancelledEventPaymentMail(order, event, payment.amountKobo),
      );
    }

    if (payment.currency !== 'NGN' || payment.amountKobo !== order.total_kobo) {
      return flag(
        'payment_mismatch',
        `Received ${paid}, but the order's total is ${formatKobo(order.total_kobo)}: not applied. Refund the buyer.`,
        null,
      );
    }
    if (order.status === 'completed') {
      if (order.payment_ref === payment.ref) return 'already_paid';
      return flag(
        'duplicate_payment',
        `Received ${paid} for an order already paid: refund the buyer.`,
        null,
      );
    }
    if (order.status === 'cancelled' || order.status === 'refunded') {
      return flag(
        'late_payment',
        `Received ${paid} after the order was ${order.status}: no tickets. Refund the buyer.`,
        late(),
      );
    }

    let detail = `Paid ${paid}`;
    let kind = 'paid';
    if (order.status === 'expired') {
      // All lines or none: reserveAll gives back what it took when a later line is refused.
      const lines = items.map((i) => ({ ticketTypeId: i.ticket_type_id, quantity: i.quantity }));
      const held = await inventoryService.reserveAll(
        trx,
        lines,
        this.config.unsafeDisableCapacityGuard,
      );
      if (!held.ok) {
        return flag(
          'late_payment',
          `Received ${paid} after the hold expired, and the tickets had sold out meanwhile: no tickets. Refund the buyer.`,
          late(),
        );
      }
      kind = 'late_payment';
      detail = `Received ${paid} after the hold expired; the tickets were still available and are confirmed.`;
      if (order.promo_code_id && !(await repo.redeemPromo(trx, order.promo_code_id))) {
        detail += ' The promo code was used up meanwhile; the price paid was honoured.';
      }
    }
    const completed = await repo.completeLockedOrder(trx, order.id, order.status, payment);
    await repo.addHistory(trx, [{ orderId: order.id, kind, detail }]);
    await this.mail.enqueueMany(trx, confirmationMessages(completed, items, event, this.config));
    await this.completedHook?.(trx, [{ order: completed, items, event }]);
    return 'completed';
  }

  // Holds --------------------------------------------------------------------------------

  /** Releases expired holds (all events, or one); returns how many orders expired. */
  async expireHolds(eventId?: string): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await this.db.transaction().execute(async (trx) => {
        const orders = await repo.expireDueOrders(trx, 200, eventId);
        await this.giveBack(trx, orders);
        await repo.addHistory(
          trx,
          orders.map((o) => ({
            orderId: o.id,
            kind: 'expired',
            detail: 'Payment not received in time; tickets released',
          })),
        );
        return orders.length;
      });
      total += expired;
      if (expired < 200) return total;
    }
  }

  start(): void {
    this.timer = setInterval(() => {
      this.expireHolds().catch((err: unknown) =>
        this.log.error({ err }, 'releasing expired holds failed'),
      );
    }, this.config.sweepIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  // Waiting-list offers (decision 032) -------------------------------------------------------

  /**
   * Inside the caller's transaction: holds `quantity` tickets of one type for a waiting-list
   * offer as a pending order, with the checkout's own guarded take of the tickets
   * (`sold + n <= capacity`), so an offer can never oversell. Undefined when the tickets
   * are not there (someone else took them) or the type is no longer on sale.
   */
  async holdForOffer(
    trx: Kysely<Database>,
    input: OfferHold,
  ): Promise<{ order: OrderRow; typeName: string } | undefined> {
    const state = await inventoryService.saleState(trx, input.eventId, false);
    const types = new Map(state.types.map((t) => [t.id, t]));
    let lines: PricedLine[];
    let event: SaleEvent;
    try {
      // The basket's rules, except the per-order minimum (the person asked for this many).
      const type = types.get(input.ticketTypeId);
      const checked = checkBasket(
        state.event,
        type ? new Map([[type.id, { ...type, min_per_order: 1 }]]) : types,
        [{ ticketTypeId: input.ticketTypeId, quantity: input.quantity }],
        Date.now(),
      );
      lines = checked.lines;
      event = checked.event;
    } catch (err) {
      if (err instanceof AppError) return undefined;
      throw err;
    }
    const taken = await inventoryService.reserveAll(
      trx,
      [{ ticketTypeId: input.ticketTypeId, quantity: input.quantity }],
      this.config.unsafeDisableCapacityGuard,
    );
    if (!taken.ok) return undefined;
    const pricing = priceOrder(lines, null, event.fee_mode);
    let order: OrderRow | undefined;
    for (let attempt = 0; attempt < 5 && !order; attempt++) {
      [order] = await repo.insertOrders(trx, [
        {
          code: randomDigits(LIMITS.orderCodeLength),
          eventId: event.id,
          buyerUserId: null,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: '',
          emailKey: emailKey(input.email),
          phoneKey: '',
          status: 'pending',
          paymentMethod: null,
          ...pricing,
          feeMode: event.fee_mode,
          promoCodeId: null,
          accessTokenHash: sha256(newToken()),
          reservedUntil: input.until,
          paidAt: null,
        },
      ]);
    }
    if (!order) throw new Error('could not draw a free order code in 5 attempts');
    await repo.insertOrderItems(
      trx,
      lines.map((line) => ({ orderId: order.id, ...line })),
    );
    await repo.addHistory(trx, [
      {
        orderId: order.id,
        kind: 'created',
        detail: `Offered from the waiting list; tickets held until ${input.until.toISOString()}`,
      },
    ]);
    return { order, typeName: lines[0]!.name };
  }

  /**
   * A free offer needs no payment: claiming it completes the order and mails the tickets.
   * Undefined when the offer's hold ran out meanwhile.
   */
  async completeFreeOffer(orderId: string): Promise<OrderDto | undefined> {
    const result = await this.db.transaction().execute(async (trx) => {
      const order = await repo.completePendingOrder(trx, orderId, { method: 'free', ref: null });
      if (!order) return undefined;
      const items = await repo.findOrderItems(trx, [order.id]);
      const event = (await inventoryService.event(trx, order.event_id))!;
      await repo.addHistory(trx, [
        { orderId: order.id, kind: 'paid', detail: 'Free tickets claimed from the waiting list' },
      ]);
      await this.mail.enqueueMany(trx, confirmationMessages(order, items, event, this.config));
      await this.completedHook?.(trx, [{ order, items, event }]);
      return { order, items, event };
    });
    if (!result) return undefined;
    this.mail.kick();
    return this.withTicketUrl(toOrderDto(result.order, result.items, result.event), result.order);
  }

  /** The order's view for a fresh access token (a waiting-list claim link's). */
  async dtoById(orderId: string): Promise<OrderDto | undefined> {
    const order = await repo.findOrderById(this.db, orderId);
    return order ? this.dto(order) : undefined;
  }

  // Transfers (decision 033) -----------------------------------------------------------------

  /**
   * The buyer gives their order away, if the event allows it. The token is checked here for
   * a quick 404, and again on the locked row inside the transfer's transaction: a transfer
   * replaces it, so of twenty requests sent at once with it, one transfers (issue 21 §1).
   */
  async transferForBuyer(orderId: string, accessToken: string, to: TransferTo) {
    const order = await this.orderForToken(orderId, accessToken);
    return this.transfer(order, to, { by: 'buyer', tokenHash: sha256(accessToken) });
  }

  /**
   * The organiser transfers an order of their event on its buyer's behalf (always allowed).
   * `fromCode` is the order code the organiser saw (the drawer sends it): refused if the
   * order has been transferred since. Without it, an order transferred in the last
   * TRANSFER_SETTLE_SECONDS is refused, so the same request sent twenty times moves it once.
   */
  async transferForOwner(
    ownerId: string,
    orderId: string,
    to: TransferTo,
    actorUserId = ownerId,
    fromCode?: string,
  ) {
    const order = await this.orderForOwner(ownerId, orderId);
    return this.transfer(order, to, { by: 'organiser', actorUserId, fromCode });
  }

  /**
   * Re-issues a completed order to someone else: a new code (so a new QR) and a new access
   * token, the new holder's name and email, the old holder's lookup tokens ended — all in
   * one commit, so the old code reads as invalid at the door (and is refused by
   * mark-attended) from that moment. The order keeps its payment, items and history; the
   * transfer is recorded with both codes and holders.
   *
   * Every rule that allows it is checked on the order's locked row, inside the transaction
   * that changes it (decision 050): the buyer's token, the status, the check-in, the event,
   * the same-holder rule and the daily limit. A request that lost a race writes and sends
   * nothing.
   */
  private async transfer(
    order: OrderRow,
    to: TransferTo,
    actor:
      | { by: 'buyer'; tokenHash: string }
      | { by: 'organiser'; actorUserId: string; fromCode: string | undefined },
  ): Promise<{ order: OrderRow; transferredAt: Date }> {
    const actorUserId = actor.by === 'organiser' ? actor.actorUserId : null;
    const phone = to.phone ? normalizePhone(to.phone) : undefined;
    if (phone === null) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        "That phone number does not look right. Enter the new holder's number (e.g. 0803 123 4567), or leave it empty.",
      );
    }
    let code = randomDigits(LIMITS.orderCodeLength);
    for (let i = 0; i < 5 && (await repo.codeInUse(this.db, code)); i++)
      code = randomDigits(LIMITS.orderCodeLength);
    const result = await this.db.transaction().execute(async (trx) => {
      const locked = await repo.lockOrder(trx, order.id);
      if (!locked) throw notFound('This order was not found.');
      if (actor.by === 'buyer') {
        const given = Buffer.from(actor.tokenHash);
        const still =
          timingSafeEqual(given, Buffer.from(locked.access_token_hash)) ||
          (await hasLiveAccessToken(trx, locked.id, actor.tokenHash));
        if (!still) {
          throw new AppError(
            409,
            'CONFLICT',
            'These tickets were transferred a moment ago, so this page can no longer give them away. Nothing was sent.',
          );
        }
      } else if (actor.fromCode !== undefined && actor.fromCode !== locked.code) {
        throw new AppError(
          409,
          'CONFLICT',
          'This order has been transferred since you opened it, so its code has changed. Open it again to see its new holder before transferring it. Nothing was sent.',
        );
      } else if (
        actor.fromCode === undefined &&
        (await repo.transferredWithin(trx, locked.id, TRANSFER_SETTLE_SECONDS))
      ) {
        throw new AppError(
          409,
          'CONFLICT',
          'This order was transferred a moment ago. To transfer it again, open it again and send its current order code. Nothing was sent.',
        );
      }
      if (locked.status !== 'completed') {
        throw new AppError(
          409,
          'CONFLICT',
          `Only a completed order can be transferred; this one is ${locked.status}.`,
        );
      }
      if (locked.attended_at) {
        throw new AppError(
          409,
          'CONFLICT',
          'This ticket has already been checked in at the door, so it can no longer be transferred.',
        );
      }
      const event = await inventoryService.event(trx, locked.event_id);
      if (!event) throw notFound('This order was not found.');
      if (actor.by === 'buyer' && !event.allow_transfers) {
        throw new AppError(
          409,
          'CONFLICT',
          'The organiser of this event does not allow tickets to be transferred. Please contact them.',
        );
      }
      if (event.status === 'cancelled')
        throw new AppError(
          409,
          'CONFLICT',
          'This event has been cancelled; its tickets cannot be transferred.',
        );
      if (event.end_at && event.end_at.getTime() <= Date.now())
        throw new AppError(
          409,
          'CONFLICT',
          'This event has ended; its tickets cannot be transferred.',
        );
      if (
        emailKey(to.email) === locked.email_key ||
        to.email.toLowerCase() === locked.email.toLowerCase()
      ) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'These tickets already belong to that email. Enter the email of the person receiving them.',
        );
      }
      const perDay = this.config.transfersPerDay;
      if ((await repo.countTransfersWithin(trx, locked.id, 86_400)) >= perDay) {
        throw new AppError(
          409,
          'CONFLICT',
          `This order has been transferred ${perDay === 1 ? 'once' : `${perDay} times`} in the last 24 hours, the most allowed. It can be transferred again once 24 hours have passed since the earliest of them.`,
        );
      }
      const from = {
        code: locked.code,
        firstName: locked.first_name,
        lastName: locked.last_name,
        email: locked.email,
      };
      const updated = await repo.reissueOrder(
        trx,
        locked.id,
        locked.code,
        {
          code,
          firstName: to.firstName,
          lastName: to.lastName,
          email: to.email,
          emailKey: emailKey(to.email),
          // The old holder's phone leaves with them: the order carries the new holder's or none.
          phone: phone ?? '',
          phoneKey: phone ?? '',
        },
        sha256(newToken()),
      );
      if (!updated) throw new Error(`order ${locked.id} could not be re-issued after its lock`);
      await repo.deleteAccessTokens(trx, locked.id);
      const transferredAt = await repo.insertTransfer(trx, {
        orderId: locked.id,
        from,
        to: { code, ...to },
        actorUserId,
      });
      await repo.addHistory(trx, [
        {
          orderId: locked.id,
          kind: 'transferred',
          detail: `Transferred ${actorUserId ? 'by the organiser' : 'by the buyer'} from ${from.firstName} ${from.lastName} <${from.email}> (order code ${from.code}, no longer valid) to ${to.firstName} ${to.lastName} <${to.email}> (new order code ${code})`,
          actorUserId,
        },
      ]);
      const items = await repo.findOrderItems(trx, [locked.id]);
      const awaySms = transferredAwaySms(
        { code: from.code, phone: locked.phone },
        event,
        locked.id,
        to,
      );
      await this.mail.enqueueMany(trx, [
        ...transferredToMessages(updated, items, event, from, this.config),
        transferredAwayMail(event, from, to, actorUserId !== null, locked.id),
        ...(awaySms ? [awaySms] : []),
      ]);
      await this.changeHooks?.transferred(trx, updated, from);
      return { order: updated, transferredAt };
    });
    this.mail.kick();
    return result;
  }

  // Event changes ---------------------------------------------------------------------------

  /**
   * The organiser cancelled the event (in `trx`, the cancellation's transaction): every
   * holder of a ticket is told, by mail and SMS (issue 24 §1).
   */
  async eventCancelled(trx: Kysely<Database>, eventId: string, reason: string | null) {
    const event = (await inventoryService.event(trx, eventId))!;
    await this.tellHolders(trx, eventId, (order) => eventCancelledMessages(order, event, reason));
  }

  /** The event's date, time or place changed (in its update's transaction). */
  async eventChanged(trx: Kysely<Database>, eventId: string, change: EventChange) {
    const event = (await inventoryService.event(trx, eventId))!;
    const calendarUrl = `${this.config.publicUrl}/api/v1/events/${event.slug}/calendar.ics`;
    await this.tellHolders(trx, eventId, (order) =>
      eventChangedMessages(order, event, change, {
        ticketUrl: this.config.ticketLinks.urlFor(order),
        calendarUrl,
      }),
    );
  }

  /** Drains the outbox soon: after a transaction that wrote messages has committed. */
  kickMessages(): void {
    this.mail.kick();
  }

  private async tellHolders(
    trx: Kysely<Database>,
    eventId: string,
    messagesOf: (order: OrderRow) => NewMessage[],
  ): Promise<void> {
    const holders = await repo.findCompletedOrders(trx, eventId);
    // A few hundred rows per statement: far below PostgreSQL's 65,535 parameters.
    for (let i = 0; i < holders.length; i += HOLDERS_PER_INSERT)
      await this.mail.enqueueMany(
        trx,
        holders.slice(i, i + HOLDERS_PER_INSERT).flatMap(messagesOf),
      );
  }

  // Internals ------------------------------------------------------------------------------

  private async complete(
    pending: OrderRow,
    payment: { method: 'test' | 'offline'; ref: string | null },
    actorUserId: string | null,
  ): Promise<OrderDto> {
    const result = await this.db.transaction().execute(async (trx) => {
      // Read under the event's lock: a cancellation committed meanwhile is seen here.
      const event = await inventoryService.eventForPayment(trx, pending.event_id);
      if (!event || event.status === 'cancelled') return 'cancelled';
      const order = await repo.completePendingOrder(trx, pending.id, payment);
      if (!order) return undefined;
      const items = await repo.findOrderItems(trx, [order.id]);
      await repo.addHistory(trx, [
        {
          orderId: order.id,
          kind: 'paid',
          detail:
            payment.method === 'offline'
              ? 'Marked paid by the organiser'
              : 'Paid with the TEST provider',
          actorUserId,
        },
      ]);
      await this.mail.enqueueMany(trx, confirmationMessages(order, items, event, this.config));
      await this.completedHook?.(trx, [{ order, items, event }]);
      return { order, items, event };
    });
    if (result === 'cancelled') throw eventCancelled(actorUserId !== null);
    if (!result) throw holdExpired();
    this.mail.kick();
    return toOrderDto(result.order, result.items, result.event);
  }

  private async end(
    ownerId: string,
    orderId: string,
    to: 'cancelled' | 'refunded',
    from: ('pending' | 'completed')[],
    reason: string | null,
    actorUserId: string,
    told?: { note: string | null; paystackKobo: number },
  ): Promise<OrderDto> {
    const order = await this.orderForOwner(ownerId, orderId);
    const ended = await this.db.transaction().execute(async (trx) => {
      const row = await repo.endOrder(trx, order.id, to, from);
      if (!row) return undefined;
      await this.giveBack(trx, [row]);
      await repo.addHistory(trx, [{ orderId: row.id, kind: to, detail: reason, actorUserId }]);
      // The holder is told in this commit (issue 24 §1): never for a change that rolled back.
      const event = (await inventoryService.event(trx, row.event_id))!;
      await this.mail.enqueueMany(
        trx,
        endMessages(row, event, to, told ?? { note: reason, paystackKobo: 0 }),
      );
      return row;
    });
    if (!ended) {
      throw new AppError(
        409,
        'CONFLICT',
        `This order cannot be ${to === 'cancelled' ? 'cancelled' : 'refunded'}: it is ${order.status}.`,
      );
    }
    this.mail.kick();
    return this.dto(ended);
  }

  /** Returns the tickets (and promo uses) of orders that no longer hold them. */
  private async giveBack(trx: Kysely<Database>, orders: OrderRow[]): Promise<void> {
    if (orders.length === 0) return;
    const items = await repo.findOrderItems(
      trx,
      orders.map((o) => o.id),
    );
    const byType = new Map<string, number>();
    for (const item of items)
      byType.set(item.ticket_type_id, (byType.get(item.ticket_type_id) ?? 0) + item.quantity);
    await inventoryService.releaseAll(
      trx,
      [...byType].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
    );
    for (const order of orders)
      if (order.promo_code_id) await repo.unredeemPromo(trx, order.promo_code_id);
    await this.releasedHook?.(trx, orders, [...byType.keys()]);
  }

  /** Throws unless the order can be paid now; `event` is the order's, read by the caller. */
  private assertPayable(order: OrderRow, event: { status: string } | undefined): void {
    if (order.status === 'completed')
      throw new AppError(409, 'CONFLICT', 'This order is already paid.');
    if (event?.status === 'cancelled') throw eventCancelled();
    if (!holdLive(order)) throw holdExpired();
  }

  private async orderForToken(orderId: string, accessToken: string): Promise<OrderRow> {
    const order = await repo.findOrderById(this.db, orderId);
    const hash = sha256(accessToken);
    const given = Buffer.from(hash);
    // The checkout's own token, or a live one from the buyer's email-checked lookup.
    const allowed =
      order &&
      (timingSafeEqual(given, Buffer.from(order.access_token_hash)) ||
        (await hasLiveAccessToken(this.db, order.id, hash)));
    if (!order || !allowed) {
      throw notFound('This order was not found.');
    }
    return order;
  }

  private async orderForOwner(ownerId: string, orderId: string): Promise<OrderRow> {
    const order = await repo.findOrderById(this.db, orderId);
    const event = order ? await inventoryService.event(this.db, order.event_id) : undefined;
    // Another organiser's order is "not found", so ids reveal nothing (DESIGN §3).
    if (!order || !event || event.owner_id !== ownerId) throw notFound('This order was not found.');
    return order;
  }

  private async dto(order: OrderRow): Promise<OrderDto> {
    const [items, event] = await Promise.all([
      repo.findOrderItems(this.db, [order.id]),
      inventoryService.event(this.db, order.event_id),
    ]);
    return toOrderDto(order, items, event!);
  }
}

/**
 * Tickets resent less than this long ago are not sent again: the organiser's repeated
 * clicks (or twenty at once) send one mail (decision 051).
 */
export const RESEND_WINDOW_SECONDS = 60;
const HOLDERS_PER_INSERT = 200;

/**
 * What an ended order's holder is told: a refund (amount, how and when it arrives); a
 * cancellation of an order that had tickets, or of an offline order waiting for its
 * payment. A checkout hold or a waiting-list offer that ends is not a change to a ticket.
 */
function endMessages(
  row: OrderRow,
  event: SaleEvent,
  to: 'cancelled' | 'refunded',
  told: { note: string | null; paystackKobo: number },
): NewMessage[] {
  if (to === 'refunded')
    return refundedMessages(row, event, refundRoute(row, told.paystackKobo), told.note);
  if (row.paid_at !== null) return cancelledMessages(row, event, told.note, true);
  if (row.payment_method === 'offline') return cancelledMessages(row, event, told.note, false);
  return [];
}

/** A pending order whose hold still runs (by this process's clock). */
const holdLive = (order: OrderRow) =>
  order.status === 'pending' &&
  order.reserved_until !== null &&
  order.reserved_until.getTime() > Date.now();

/** A new payment for an order of a cancelled event (checked again under the event's lock). */
const eventCancelled = (byOrganiser = false) =>
  new AppError(
    409,
    'EVENT_CANCELLED',
    byOrganiser
      ? 'This event has been cancelled, so its orders can no longer be marked paid.'
      : 'This event has been cancelled, so its orders can no longer be paid. You have not been charged.',
  );

const testPaymentsOff = () =>
  new AppError(
    400,
    'VALIDATION_FAILED',
    'TEST payments are turned off on this server: no order can be paid with the TEST provider. Please choose another way to pay.',
  );

const holdExpired = () =>
  new AppError(
    409,
    'CONFLICT',
    'Your hold on these tickets has expired. Please start again; you have not been charged.',
  );

function toQuoteDto(
  lines: PricedLine[],
  pricing: ReturnType<typeof priceOrder>,
  feeMode: 'pass' | 'absorb',
  promoCode: string | null,
): QuoteDto {
  return {
    items: lines.map((l) => ({
      ticketTypeId: l.ticketTypeId,
      name: l.name,
      quantity: l.quantity,
      unitPrice: koboToNaira(l.unitPriceKobo),
      lineTotal: koboToNaira(l.unitPriceKobo * l.quantity),
    })),
    quantity: pricing.quantity,
    subtotal: koboToNaira(pricing.subtotalKobo),
    discount: koboToNaira(pricing.discountKobo),
    fee: koboToNaira(pricing.feeKobo),
    feeMode,
    totalPrice: koboToNaira(pricing.totalKobo),
    promoCode,
  };
}

export function toOrderDto(order: OrderRow, items: OrderItemRow[], event: SaleEvent): OrderDto {
  return {
    id: order.id,
    orderCode: order.code,
    status: order.status,
    eventId: order.event_id,
    event: {
      title: event.title,
      slug: event.slug,
      startAt: iso(event.start_at),
      endAt: iso(event.end_at),
      timeZone: event.time_zone,
      venueName: event.venue_name,
      address: event.address,
      city: event.city,
      online: Boolean(event.online_url),
      offlinePayment: event.offline_payment,
      offlineHoldHours: event.offline_hold_hours,
      allowTransfers: event.allow_transfers,
      paystackChannels: paystackChannelsOf(event.paystack_channels),
      payoutReady: Boolean(event.payout_ready),
    },
    firstName: order.first_name,
    lastName: order.last_name,
    email: order.email,
    phone: order.phone,
    items: items.map((i) => ({
      ticketTypeId: i.ticket_type_id,
      name: i.name,
      quantity: i.quantity,
      unitPrice: koboToNaira(i.unit_price_kobo),
      lineTotal: koboToNaira(i.unit_price_kobo * i.quantity),
    })),
    quantity: order.quantity,
    subtotal: koboToNaira(order.subtotal_kobo),
    discount: koboToNaira(order.discount_kobo),
    fee: koboToNaira(order.fee_kobo),
    feeMode: order.fee_mode,
    totalPrice: koboToNaira(order.total_kobo),
    promoCode: null,
    paymentMethod: order.payment_method,
    testPayment: isTestPaid(order),
    needsRefund: order.needs_refund,
    reservedUntil: iso(order.reserved_until),
    holdConfirmedAt: iso(order.hold_confirmed_at),
    refund: order.refund_status
      ? { status: order.refund_status, amount: koboToNaira(order.refund_kobo ?? 0) }
      : null,
    paidAt: iso(order.paid_at),
    attendedAt: iso(order.attended_at),
    createdAt: order.created_at.toISOString(),
  };
}
