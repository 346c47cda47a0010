import { formatKobo, type OrderDto } from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import { inventoryService, type SaleEvent } from '../events/inventory.service.ts';
import type { MailService, NewMail } from '../mail/mail.service.ts';
import { promoCodes } from '../promos/promos.codes.ts';
import type { OrderHooks, OrdersConfig } from './orders.config.ts';
import { toOrderDto } from './orders.dto.ts';
import {
  alreadyPaid,
  eventCancelled,
  holdExpired,
  holdLinkNotFound,
  noOfflinePayment,
  notPayingWithTest,
  orderNotFound,
  testPaymentFailed,
  testPaymentsOff,
} from './orders.errors.ts';
import type { Holds } from './orders.holds.ts';
import { PaymentGroups } from './orders.payment-groups.ts';
import * as holdRepo from './orders.holds.repository.ts';
import type { CheckoutLimits } from './orders.limits.ts';
import {
  cancelledEventPaymentMail,
  confirmationMessages,
  holdConfirmationMail,
  latePaymentMail,
} from './orders.mails.ts';
import { insertAccessToken } from './orders.manage.repository.ts';
import * as payRepo from './orders.payment.repository.ts';
import type { OrderReads } from './orders.reads.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

/** A pending order whose hold still runs (by this process's clock). */
export const holdLive = (order: OrderRow) =>
  order.status === 'pending' &&
  order.reserved_until !== null &&
  order.reserved_until.getTime() > Date.now();

/**
 * What the payments module asks of orders (decision 060): choose how an order is paid,
 * hold it longer for a slow channel, settle money a provider confirmed, and record what
 * became of a refund. Payments never writes the `orders` table itself.
 */
export interface PaymentSettlement {
  choosePayment: Settlement['choosePayment'];
  getForBuyer: OrderReads['getForBuyer'];
  extendHold: Settlement['extendHold'];
  settlePayment: Settlement['settlePayment'];
  lockPaidBy: Settlement['lockPaidBy'];
  refundStateChanged: Settlement['refundStateChanged'];
  refundRecorded: Settlement['refundRecorded'];
  paystackCharge: Settlement['paystackCharge'];
}

/**
 * Paying for an order (decision 060): choosing how to pay (TEST, offline with its emailed
 * confirmation, or a provider), the TEST provider's answer, the organiser's "mark paid",
 * and settling a provider's confirmed money inside the payments module's transaction.
 */
export class Settlement implements PaymentSettlement {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly config: OrdersConfig,
    private readonly log: FastifyBaseLogger,
    private readonly limits: CheckoutLimits,
    private readonly reads: OrderReads,
    private readonly holds: Pick<Holds, 'release'>,
    private readonly hooks: OrderHooks,
  ) {
    this.groups = new PaymentGroups(db, mail, config, hooks, (order, event) =>
      this.assertPayable(order, event),
    );
  }

  /** Payment choices and completions of one event share statements and commits (092). */
  private readonly groups: PaymentGroups;

  /** The order, for whoever holds its access token (payments checks the token with it). */
  getForBuyer(orderId: string, accessToken: string): Promise<OrderDto> {
    return this.reads.getForBuyer(orderId, accessToken);
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
    const order = await this.reads.orderForToken(orderId, accessToken);
    if (method !== 'offline') {
      // In the event's group: the event read once for the group, the choice and its
      // history line one statement for all of it (decision 092).
      const chosen = await this.groups.choose({ order, method });
      return toOrderDto(chosen.order, chosen.items, chosen.event);
    }
    // Read once: the payability check, the offline rule and the answer all use it.
    const event = await inventoryService.event(this.db, order.event_id);
    this.assertPayable(order, event);
    if (!event) throw orderNotFound();
    if (!event.offline_payment) {
      throw noOfflinePayment();
    }
    await this.limits.offlineHoldsPerAddress.consume(clientAddress);
    // The buyer confirms their email with this token; the tickets are then held longer.
    let updated = await this.chooseOffline(order, event, newToken());
    if (updated) this.mail.kick();
    // Nothing changed: offline was chosen already (at the same moment, perhaps); the order
    // is answered as it stands, or the hold ran out.
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
      const row = await payRepo.setPaymentMethod(trx, order.id, 'offline', sha256(holdToken));
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
   * The buyer opened the link mailed when they chose offline payment: their email is
   * theirs, so the order keeps its tickets for the event's offline hold. The link works
   * once, and only while the order's normal hold still runs.
   */
  async confirmHold(token: string): Promise<{ order: OrderDto; accessToken: string }> {
    const hash = sha256(token);
    const order = await holdRepo.findOrderByHoldToken(this.db, hash);
    const event = order ? await inventoryService.event(this.db, order.event_id) : undefined;
    if (!order || !event) {
      throw holdLinkNotFound();
    }
    const until = new Date(Date.now() + event.offline_hold_hours * 3_600_000);
    // A fresh access token, so the page that confirms can show the order (like the lookup's).
    const accessToken = newToken();
    const confirmed = await this.db.transaction().execute(async (trx) => {
      const row = await holdRepo.confirmHold(trx, order.id, hash, until);
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
    return { order: await this.reads.dto(confirmed), accessToken };
  }

  /** The built-in TEST provider's answer: success completes the order, failure keeps it pending. */
  async completeTestPayment(
    orderId: string,
    accessToken: string,
    outcome: 'success' | 'failure',
  ): Promise<OrderDto> {
    if (!this.config.testPayments) throw testPaymentsOff();
    const order = await this.reads.orderForToken(orderId, accessToken);
    if (order.payment_method !== 'test') {
      throw notPayingWithTest();
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
      throw testPaymentFailed();
    }
    const paid = await this.complete(
      order,
      { method: 'test', ref: `test_${newToken().slice(0, 12)}` },
      null,
    );
    return this.reads.forBuyer(paid, order);
  }

  /**
   * Completes a pending order whose hold runs (the TEST provider, the organiser's mark
   * paid), in its event's group: one transaction for the orders that arrive together, with
   * the same guarantees as one alone (orders.payment-groups.ts, decision 092).
   */
  async complete(
    pending: OrderRow,
    payment: { method: 'test' | 'offline'; ref: string | null },
    actorUserId: string | null,
  ): Promise<OrderDto> {
    const result = await this.groups.complete({ pending, payment, actorUserId });
    return toOrderDto(result.order, result.items, result.event);
  }

  /**
   * The buyer chose a Paystack channel whose money arrives after they leave the page (bank
   * transfer, USSD): the pending order holds its tickets `minutes` from now, never less
   * than it already did. Answers the order, or 409 when its hold already ran out.
   */
  async extendHold(orderId: string, minutes: number, detail: string): Promise<void> {
    const extended = await this.db.transaction().execute(async (trx) => {
      const row = await payRepo.extendHold(trx, orderId, minutes);
      if (row) await repo.addHistory(trx, [{ orderId, kind: 'hold_extended', detail }]);
      return row;
    });
    if (!extended) throw holdExpired();
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
        await this.holds.release(trx, [row]);
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
    await payRepo.setRefundState(trx, orderId, refund.status, refund.amountKobo, refund.flag);
    await repo.addHistory(trx, [
      { orderId, kind: `refund_${refund.status}`, detail: refund.detail },
    ]);
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
      await payRepo.flagNeedsRefund(trx, order.id, order.status === 'completed' ? null : payment);
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
        if (ended) await this.holds.release(trx, [ended]);
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
      if (order.promo_code_id && !(await promoCodes.redeem(trx, order.promo_code_id))) {
        detail += ' The promo code was used up meanwhile; the price paid was honoured.';
      }
    }
    const completed = await payRepo.completeLockedOrder(trx, order.id, order.status, payment);
    await repo.addHistory(trx, [{ orderId: order.id, kind, detail }]);
    await this.mail.enqueueMany(trx, confirmationMessages(completed, items, event, this.config));
    await this.hooks.completed?.(trx, [{ order: completed, items, event }], 'later');
    return 'completed';
  }

  /** Throws unless the order can be paid now; `event` is the order's, read by the caller. */
  private assertPayable(order: OrderRow, event: { status: string } | undefined): void {
    if (order.status === 'completed') throw alreadyPaid();
    if (event?.status === 'cancelled') throw eventCancelled();
    if (!holdLive(order)) throw holdExpired();
  }

  /** What a Paystack payment of the order charges for: its event, and the platform's fee. */
  async paystackCharge(orderId: string): Promise<{ eventId: string; feeKobo: number } | undefined> {
    const row = await payRepo.findPaystackOrderFacts(this.db, orderId);
    return row && { eventId: row.event_id, feeKobo: row.fee_kobo };
  }

  /**
   * Paystack accepted a refund of one of the order's payments (the organiser's Refund
   * action): the order shows the refund's state and amount.
   */
  async refundRecorded(
    db: Kysely<Database>,
    orderId: string,
    refund: { status: string; amountKobo: number },
  ): Promise<void> {
    await payRepo.setRefundSummary(db, orderId, refund.status, refund.amountKobo);
  }
}
