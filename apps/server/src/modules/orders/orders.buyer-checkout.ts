import type { OrderDto, QuoteDto } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import { shortCache } from '../../lib/short-cache.ts';
import { inventoryService, PurchaseGroups } from '../events/inventory.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { promoCodes } from '../promos/promos.codes.ts';
import {
  checkBasket,
  checkPromo,
  CheckoutGroups,
  type CheckoutInput,
  type Created,
  type Line,
  type Purchase,
} from './orders.checkout.ts';
import type { OrdersConfig } from './orders.config.ts';
import { toOrderDto, toQuoteDto } from './orders.dto.ts';
import { ticketShareReached } from './orders.errors.ts';
import type { Holds } from './orders.holds.ts';
import {
  addressAllowance,
  buyerAllowance,
  emailKey,
  phoneKey,
  ticketsUnits,
  type CheckoutLimits,
} from './orders.limits.ts';
import { priceOrder } from './orders.pricing.ts';
import type { OrderReads } from './orders.reads.ts';

/**
 * Groups of one event a process writes at once (decision 106): while one group waits for its
 * commit's flush, the next is read, decided and inserted; they meet only at the ticket rows'
 * conditional UPDATEs, which each group runs last.
 */
export const CHECKOUT_GROUPS_IN_FLIGHT = 2;

/**
 * The buyer's checkout (decision 060): the quote, and creating an order that holds its
 * tickets. The limits an order must pass come first (decision 025); purchases of one event
 * arriving together are then decided and written as a group (orders.checkout.ts, decision
 * 014). The routes call `quote` and `create`.
 */
export class BuyerCheckout {
  /** Writes a group of one event's purchases in one transaction (decision 014). */
  readonly groups: CheckoutGroups;
  /** Purchases of one event arriving together are decided and written as a group. */
  private readonly purchases: PurchaseGroups<Purchase, Created>;
  /** The event's tickets in all, for the shares: held a second per process (decision 094). */
  private readonly capacities = shortCache((eventId: string) =>
    inventoryService.capacity(this.db, eventId),
  );

  constructor(
    private readonly db: Kysely<Database>,
    mail: MailService,
    private readonly config: OrdersConfig,
    private readonly limits: CheckoutLimits,
    private readonly reads: OrderReads,
    private readonly holds: Pick<Holds, 'expireHolds'>,
  ) {
    this.groups = new CheckoutGroups(db, mail, config);
    this.purchases = new PurchaseGroups(this.groups.run, CHECKOUT_GROUPS_IN_FLIGHT);
  }

  /** Prices a basket without holding anything, for the checkout summary. */
  async quote(input: {
    eventId: string;
    items: Line[];
    promoCode?: string | undefined;
    accessCode?: string | undefined;
  }): Promise<QuoteDto> {
    const state = await inventoryService.saleState(this.db, input.eventId, false);
    const now = Date.now();
    const types = new Map(state.types.map((t) => [t.id, t]));
    const { event, lines } = checkBasket(state.event, types, input.items, now, input.accessCode);
    const promo = input.promoCode
      ? checkPromo(await promoCodes.byCode(this.db, event.id, input.promoCode), 0, now)
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
    // The buyer's open holds are counted in the group's transaction (orders.checkout.ts), for
    // the whole group in one statement, not here once per order (decision 094).
    // Shares of the event's tickets: per address in the hold window, per buyer in a day.
    const tickets = input.items.reduce((n, line) => n + line.quantity, 0);
    const capacity = await this.capacities.get(input.eventId);
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
        throw ticketShareReached(err);
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
      const released = await this.holds.expireHolds(input.eventId);
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
    return { order: this.reads.forBuyer(toOrderDto(order, items, event), order), accessToken };
  }

  private async alone(purchase: Purchase): Promise<Created> {
    const [outcome] = await this.groups.run(purchase.input.eventId, [purchase]);
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.value;
  }

  /** The order, for whoever holds its access token (the browser that created it). */
  async getForBuyer(orderId: string, accessToken: string): Promise<OrderDto> {
    const order = await this.reads.orderForToken(orderId, accessToken);
    return this.reads.forBuyer(await this.reads.dto(order), order);
  }
}
