import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { TicketLinks } from '../tickets/ticket-links.ts';
import type { WalletEnabled } from '../tickets/wallet-links.ts';
import type { OrderCompletedHook } from './orders.checkout.ts';
import type { Holds } from './orders.holds.ts';
import type { CheckoutLimits } from './orders.limits.ts';
import type { OrderReads } from './orders.reads.ts';
import type { OrderRow } from './orders.table.ts';

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
  /**
   * Whether the owner's check-ins go anywhere (an endpoint takes them), as known within the
   * last second: when not, the door lets codes in without a transaction around the update.
   */
  takesCheckins(ownerId: string): Promise<boolean>;
  /** `ownerId`: the event's, known to the door already. True when something waits to be sent. */
  checkedIn(
    trx: Kysely<Database>,
    eventId: string,
    orderIds: string[],
    deviceId: string | null,
    ownerId: string,
  ): Promise<boolean>;
}

/** What else happens when orders complete, give tickets back or change; set once at start-up. */
export interface OrderHooks {
  completed?: OrderCompletedHook;
  released?: TicketsReleasedHook;
  changes?: OrderChangeHooks;
}

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
  /** WhatsApp is set up: a confirmation also goes by WhatsApp where a phone is known (decision 083). */
  whatsapp?: boolean;
}

/** What every room of the module is built from (orders.service.ts builds them). */
export interface OrdersDeps {
  db: Kysely<Database>;
  mail: MailService;
  config: OrdersConfig;
  log: FastifyBaseLogger;
  limits: CheckoutLimits;
  hooks: OrderHooks;
}

/** What the organiser's actions, the offers and the transfers are built from. */
export interface RoomDeps {
  db: Kysely<Database>;
  mail: MailService;
  config: OrdersConfig;
  reads: OrderReads;
  holds: Pick<Holds, 'release'>;
  hooks: OrderHooks;
}
