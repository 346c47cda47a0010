import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailService } from '../mail/mail.service.ts';
import { BuyerCheckout } from './orders.buyer-checkout.ts';
import type {
  OrderChangeHooks,
  OrderHooks,
  OrdersConfig,
  TicketsReleasedHook,
} from './orders.config.ts';
import type { OrderCompletedHook } from './orders.checkout.ts';
import { Door } from './orders.door.ts';
import { HolderNotices } from './orders.holders.ts';
import { Holds } from './orders.holds.ts';
import type { CheckoutLimits } from './orders.limits.ts';
import { NamedTickets } from './orders.named.ts';
import { Offers } from './orders.offers.ts';
import { OrganiserActions } from './orders.organiser.ts';
import { OrderReads } from './orders.reads.ts';
import { Settlement } from './orders.settlement.ts';
import { Transfers } from './orders.transfers.ts';

export type { OrderCompletedHook } from './orders.checkout.ts';
export type { OrderChangeHooks, OrdersConfig, TicketsReleasedHook } from './orders.config.ts';
export type { PaymentSettlement } from './orders.settlement.ts';
export type { OfferHold, OfferHolds } from './orders.offers.ts';
export type { TransferTo } from './orders.transfers.ts';

/**
 * The orders module's rooms, built once (decision 060). Each caller is handed the room it
 * uses: the routes the buyer's checkout, settlement and transfers; payments the
 * settlement; the waiting list the offers; check-in the door; tickets and wallet the
 * reads; events the holder notices. The hooks are set once at start-up (app.ts).
 */
export class OrdersService {
  private readonly hooks: OrderHooks = {};
  readonly reads: OrderReads;
  readonly holds: Holds;
  readonly checkout: BuyerCheckout;
  readonly settlement: Settlement;
  readonly organiser: OrganiserActions;
  readonly offers: Offers;
  readonly transfers: Transfers;
  readonly named: NamedTickets;
  readonly door: Door;
  readonly notices: HolderNotices;

  constructor(
    db: Kysely<Database>,
    mail: MailService,
    config: OrdersConfig,
    log: FastifyBaseLogger,
    limits: CheckoutLimits,
  ) {
    this.reads = new OrderReads(db, config);
    this.holds = new Holds(db, config, log, this.hooks);
    this.checkout = new BuyerCheckout(db, mail, config, limits, this.reads, this.holds);
    this.settlement = new Settlement(
      db,
      mail,
      config,
      log,
      limits,
      this.reads,
      this.holds,
      this.hooks,
    );
    const room = { db, mail, config, reads: this.reads, holds: this.holds, hooks: this.hooks };
    this.organiser = new OrganiserActions(room, this.settlement);
    this.offers = new Offers(room, this.organiser, this.hooks);
    this.transfers = new Transfers(room);
    this.named = new NamedTickets(room, this.transfers);
    this.door = new Door(db, mail, this.hooks);
    this.notices = new HolderNotices(mail, config);
  }

  /** Set once at start-up (app.ts): what else happens when orders complete. */
  onCompleted(hook: OrderCompletedHook): void {
    this.hooks.completed = hook;
    this.checkout.groups.onCompleted(hook);
  }

  /** Set once at start-up (app.ts): who is told of transfers and check-ins (webhooks). */
  onChanges(hooks: OrderChangeHooks): void {
    this.hooks.changes = hooks;
  }

  /** Set once at start-up (app.ts): what else happens when tickets come back. */
  onReleased(hook: TicketsReleasedHook): void {
    this.hooks.released = hook;
  }

  /** The hold sweeper (orders.holds.ts) runs while the app does. */
  start(): void {
    this.holds.start();
  }

  stop(): void {
    this.holds.stop();
  }
}
