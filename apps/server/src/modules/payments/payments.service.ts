import { randomBytes } from 'node:crypto';
import {
  formatKobo,
  LONG_HOLD_CHANNELS,
  nairaToKobo,
  PAYSTACK_CHANNEL_LABELS,
  paystackChannelsOf,
  TRANSFER_HOLD_MINUTES,
  type OrderDto,
  type PaystackChannel,
} from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { eventLookup } from '../events/events.lookup.ts';
import { PurchaseGroups, type Settled } from '../events/inventory.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { PaymentSettlement } from '../orders/orders.service.ts';
import {
  paystackTransaction,
  verificationOf,
  type PaystackProvider,
  type PaystackRefund,
} from './paystack.provider.ts';
import {
  offlineProvider,
  PaymentProviderError,
  testProvider,
  type PaymentProvider,
  type ProviderMethod,
  type Verification,
} from './payments.provider.ts';
import { widgetCallbackUrl } from '../widget/widget.return.ts';
import * as repo from './payments.repository.ts';
import type { PaymentRow } from './payments.table.ts';

/** The part of a Paystack webhook we act on (https://paystack.com/docs/payments/webhooks/). */
const webhookEvent = z.object({ event: z.string(), data: z.unknown() });

/** refund.pending / refund.processing / refund.processed / refund.failed: the part we use. */
const refundEvent = z.object({
  status: z.string().optional(),
  transaction_reference: z.string(),
  refund_reference: z.string().nullish(),
  amount: z.union([z.number(), z.string()]).transform(Number),
  currency: z.string().optional(),
});
const REFUND_EVENTS = ['refund.pending', 'refund.processing', 'refund.processed', 'refund.failed'];

/**
 * Without a verified payout account there is no subaccount to settle the organiser's share
 * to, so Paystack is not offered (decision 038).
 */
const payoutRequired = () =>
  new AppError(
    409,
    'PAYOUT_ACCOUNT_REQUIRED',
    'This event cannot take payment online yet: its organiser has not set up a verified payout account. Please choose another way to pay, or contact the organiser.',
  );

const unreachable = () =>
  new AppError(
    502,
    'PAYMENT_FAILED',
    'We could not reach the payment provider. You have not been charged; please try again.',
  );

/**
 * Paystack's refusal of a refund for a transaction already refunded in full. Our own
 * record (`payments.refund_id`) keeps a retry from asking twice; this covers the one gap it
 * cannot: Paystack accepted a refund whose answer never reached us.
 */
const ALREADY_REFUNDED = /fully reversed|already (been )?refunded/i;

/** A successful payment to settle, as Paystack reported it (verify or webhook). */
interface Settling {
  reference: string;
  verification: Verification;
}
type SettleOutcome = 'unknown' | 'settled before' | 'completed' | 'already_paid' | 'needs_refund';
/** Paystack's settlements are grouped per process, whatever their event. */
const SETTLEMENTS = 'paystack';

/** A refund Paystack accepted, as recorded for one payment. */
export interface RecordedRefund extends PaystackRefund {
  reference: string;
}

/** What Paystack charged for a settled payment (before 056 only the asked amount was kept). */
const receivedOf = (payment: PaymentRow) => ({
  kobo: payment.received_kobo ?? payment.amount_kobo,
  currency: (payment.received_currency ?? payment.currency).toUpperCase(),
});

const moneyOf = (m: { kobo: number; currency: string }) =>
  m.currency === 'NGN' ? formatKobo(m.kobo) : `${(m.kobo / 100).toFixed(2)} ${m.currency}`;

/** A reference Paystack accepts (letters, digits, -, ., =), unique per attempt. */
const newReference = (orderCode: string) => `gp-${orderCode}-${randomBytes(6).toString('hex')}`;

/**
 * Paying orders through providers. The TEST provider (only in test mode, decision 023) and
 * offline payment need nothing but
 * the order's own state; Paystack (when PAYSTACK_SECRET_KEY is set) is initialised here,
 * the buyer is redirected to it, and the money is settled once — whichever of the buyer's
 * return (verified with Paystack) and the signed webhook arrives first, however often.
 */
export class PaymentsService {
  private readonly providers: Map<ProviderMethod, PaymentProvider>;
  /** Settlements of this process arriving together, one transaction each group (092). */
  private readonly settlements: PurchaseGroups<Settling, SettleOutcome>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly orders: PaymentSettlement,
    private readonly mail: MailService,
    private readonly paystack: PaystackProvider | undefined,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** PAYMENTS_TEST_MODE: offer the TEST provider, which completes orders without money. */
    readonly testMode: boolean,
    /** Paystack is the demo's in-process sandbox (decision 058). */
    readonly paystackSandbox = false,
  ) {
    this.settlements = new PurchaseGroups((key, jobs) => this.runSettlements(key, jobs));
    this.providers = new Map<ProviderMethod, PaymentProvider>([
      ...(testMode ? [['test', testProvider] as const] : []),
      ['offline', offlineProvider],
      ...(paystack ? [['paystack', paystack] as const] : []),
    ]);
  }

  /** Whether refunds of Paystack payments go through Paystack's Refund API here. */
  get refundsThroughPaystack(): boolean {
    return this.paystack !== undefined;
  }

  /** The order's settled Paystack payments the order could not take, not refunded yet. */
  paymentsToRefund(orderId: string): Promise<PaymentRow[]> {
    return repo.unrefundedForRefund(this.db, orderId);
  }

  /** The settled payment that paid an order (its `payment_ref`). */
  async paymentOf(orderId: string, reference: string): Promise<PaymentRow | undefined> {
    const payment = await repo.findByReference(this.db, reference);
    return payment?.order_id === orderId && payment.status === 'success' ? payment : undefined;
  }

  /**
   * Pays a settled Paystack payment back to the buyer in full through Paystack's Refund
   * API, once: a payment with a recorded refund is not sent again, and Paystack's "fully
   * reversed" refusal counts as refunded. If Paystack cannot be reached or refuses, nothing
   * is recorded and the caller changes nothing: a readable 502 says why.
   */
  async refund(payment: PaymentRow, note: string): Promise<RecordedRefund> {
    if (payment.refund_id) {
      return {
        reference: payment.reference,
        id: payment.refund_id,
        status: payment.refund_status ?? 'pending',
        amountKobo: payment.refund_amount_kobo ?? payment.amount_kobo,
      };
    }
    if (!this.paystack) throw new Error('refund through Paystack without PAYSTACK_SECRET_KEY');
    // What was charged, not what the order asked: after a mismatch (100 kobo for 533,000)
    // Paystack refuses more than the transaction's amount (decision 056).
    const received = receivedOf(payment);
    let refund: PaystackRefund;
    try {
      refund = await this.paystack.refund(
        payment.reference,
        received.kobo,
        received.currency,
        note,
      );
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      if (err.refusal && ALREADY_REFUNDED.test(err.refusal)) {
        refund = { id: 'refunded-before', status: 'processed', amountKobo: received.kobo };
      } else {
        this.log.warn(
          { orderId: payment.order_id, reference: payment.reference, err: err.message },
          'paystack refund failed',
        );
        throw new AppError(
          502,
          'PAYMENT_FAILED',
          err.refusal
            ? `Paystack did not accept the refund of ${moneyOf(received)}: "${err.refusal}". Nothing was changed; you can try again, or refund it in Paystack's dashboard.`
            : `We could not reach Paystack to refund ${moneyOf(received)}. Nothing was changed; please try again.`,
        );
      }
    }
    await repo.recordRefund(this.db, payment.id, refund);
    // The order shows the refund: asked of orders, which owns the row (decision 060).
    await this.orders.refundRecorded(this.db, payment.order_id, refund);
    this.log.info(
      { orderId: payment.order_id, reference: payment.reference, refundId: refund.id },
      'paystack refund accepted',
    );
    return { reference: payment.reference, ...refund };
  }

  methods(): ProviderMethod[] {
    return [...this.providers.keys()];
  }

  /** Chooses how to pay; for Paystack, starts the payment and says where to send the buyer. */
  async choose(
    orderId: string,
    accessToken: string,
    method: ProviderMethod,
    clientAddress: string,
    channel?: PaystackChannel,
    /** The widget's host page, where Paystack sends the buyer back (decision 075). */
    returnTo?: string,
  ): Promise<OrderDto & { redirectUrl: string | null }> {
    const provider = this.providers.get(method);
    if (!provider) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        method === 'test'
          ? 'TEST payments are turned off on this server: no order can be paid with the TEST provider. Please choose another way to pay.'
          : 'Paying with Paystack is not available here. Please choose another way to pay.',
      );
    }
    if (method !== 'paystack') {
      const order = await this.orders.choosePayment(orderId, accessToken, method, clientAddress);
      return { ...order, ...(await provider.initialize(this.request(order, ''))) };
    }
    await this.orders.getForBuyer(orderId, accessToken); // 404 unless the token fits
    const charge = await this.orders.paystackCharge(orderId);
    const facts = charge && (await eventLookup.paystackFacts(this.db, charge.eventId));
    if (!charge || !facts) throw notFound('This order was not found.');
    const offered = paystackChannelsOf(facts.paystack_channels);
    if (channel && !offered.includes(channel)) {
      throw new AppError(
        409,
        'CONFLICT',
        `This event does not take ${PAYSTACK_CHANNEL_LABELS[channel].toLowerCase()} payments. Please choose another way to pay.`,
      );
    }
    if (!facts.subaccount_code) throw payoutRequired();
    const channels = channel ? [channel] : offered;
    let order = await this.orders.choosePayment(orderId, accessToken, method, clientAddress);
    if (channel && LONG_HOLD_CHANNELS.includes(channel)) {
      await this.orders.extendHold(
        order.id,
        TRANSFER_HOLD_MINUTES,
        `Tickets held ${TRANSFER_HOLD_MINUTES} minutes for a Paystack ${PAYSTACK_CHANNEL_LABELS[channel].toLowerCase()} payment`,
      );
      order = await this.orders.getForBuyer(orderId, accessToken);
    }
    const split = { subaccount: facts.subaccount_code, platformChargeKobo: charge.feeKobo };
    // The payment row exists before Paystack hears of it, so its webhook always finds it.
    const reference = newReference(order.orderCode);
    const payment = await repo.insertPayment(this.db, {
      orderId: order.id,
      reference,
      amountKobo: nairaToKobo(order.totalPrice),
      currency: 'NGN',
      channels,
      split,
    });
    let redirectUrl: string | null;
    try {
      ({ redirectUrl } = await provider.initialize({
        ...this.request(order, reference, returnTo),
        channels,
        split,
      }));
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      this.log.warn(
        { orderId: order.id, reference, err: err.message },
        'paystack initialize failed',
      );
      await repo.markFailed(this.db, payment.id, 'initialize failed');
      throw unreachable();
    }
    if (redirectUrl) await repo.setAuthorizationUrl(this.db, payment.id, redirectUrl);
    return { ...order, redirectUrl };
  }

  /**
   * The buyer is back from Paystack (/checkout/return?order=…&reference=…): asks Paystack
   * what became of the payment and settles it. Answers the order, confirmed or not.
   */
  async verifyReturn(
    orderId: string,
    accessToken: string,
    reference: string | undefined,
  ): Promise<OrderDto> {
    await this.orders.getForBuyer(orderId, accessToken); // 404 unless the token fits
    const payment = reference
      ? await repo.findByReference(this.db, reference)
      : await repo.latestForOrder(this.db, orderId);
    if (!payment || payment.order_id !== orderId || !this.paystack) {
      throw notFound('No Paystack payment was started for this order.');
    }
    if (payment.status !== 'success') {
      let verification: Verification;
      try {
        verification = await this.paystack.verify(payment.reference);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        this.log.warn(
          { orderId, reference: payment.reference, err: err.message },
          'paystack verify failed',
        );
        throw unreachable();
      }
      if (verification.status === 'failed') {
        await repo.markFailed(this.db, payment.id, verification.providerStatus);
        throw new AppError(
          402,
          'PAYMENT_FAILED',
          'The payment failed. You have not been charged; you can try again.',
        );
      }
      if (verification.status === 'pending') {
        throw new AppError(
          409,
          'CONFLICT',
          'Your payment has not gone through yet. If you completed it, your tickets will be confirmed as soon as Paystack tells us.',
        );
      }
      await this.settle(payment.reference, verification);
    }
    return this.orders.getForBuyer(orderId, accessToken);
  }

  /**
   * Paystack's webhook: refused (401) unless signed with our secret key over the exact raw
   * body. `charge.success` settles its payment; every other event is acknowledged and left.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    if (!this.paystack) throw notFound('Paystack is not enabled on this server.');
    if (!this.paystack.signatureValid(rawBody, signature)) {
      throw new AppError(401, 'UNAUTHORIZED', 'The webhook signature is not valid.');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError(400, 'BAD_JSON', 'The request body is not valid JSON.');
    }
    const event = webhookEvent.safeParse(json);
    if (!event.success) throw new AppError(400, 'VALIDATION_FAILED', 'Not a Paystack event.');
    if (REFUND_EVENTS.includes(event.data.event)) {
      const refund = refundEvent.safeParse(event.data.data);
      if (!refund.success) throw new AppError(400, 'VALIDATION_FAILED', 'Not a Paystack refund.');
      await this.refundChanged(event.data.event.slice('refund.'.length), refund.data);
      return;
    }
    if (event.data.event !== 'charge.success') return;
    const tx = paystackTransaction.safeParse(event.data.data);
    if (!tx.success) throw new AppError(400, 'VALIDATION_FAILED', 'Not a Paystack charge.');
    const verification = verificationOf(tx.data);
    if (verification.status !== 'success') return;
    await this.settle(verification.reference, verification);
  }

  /**
   * Follows a refund at Paystack into the order (decision 056). A signed event is still
   * only Paystack's account of a refund, so it is checked against the payment: of ours and
   * settled, in the payment's currency, its amount capped at what was received. A refund
   * the app never asked for (made in Paystack's dashboard) counts like the app's own: when
   * it returns in full the money that paid a completed order, the order ends as refunded;
   * a part leaves the order as it is, with a history entry for the organiser. A failure
   * changes something only for a refund known here (asked for, or reported pending), and
   * flags the order again only when it does not keep the money (a paid order stays paid).
   * A repeated event changes nothing.
   */
  private async refundChanged(status: string, data: z.infer<typeof refundEvent>): Promise<void> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const before = await repo.lockByReference(trx, data.transaction_reference);
      if (!before || before.status !== 'success') return 'not ours';
      const received = receivedOf(before);
      if (data.currency && data.currency.toUpperCase() !== received.currency)
        return 'wrong currency';
      if (status === 'failed' && before.refund_id === null) return 'failed, never made';
      if (before.refund_status === status && status !== 'failed') return 'repeated';
      const amountKobo = Math.min(
        received.kobo,
        Number.isFinite(data.amount) ? Math.max(0, Math.trunc(data.amount)) : 0,
      );
      // The payment, then its order: the order settle locks them in, so neither waits forever.
      const paidBy = await this.orders.lockPaidBy(trx, before.order_id, before.reference);
      const whole = amountKobo >= received.kobo;
      const flag = status === 'failed' && !paidBy;
      const end = status === 'processed' && whole && paidBy;
      await repo.applyRefundState(trx, before, {
        status,
        amountKobo,
        refundReference: data.refund_reference ?? null,
        flag,
      });
      const money = moneyOf({ kobo: amountKobo, currency: received.currency });
      const capped =
        Number(data.amount) > received.kobo
          ? ` (Paystack reported ${Number(data.amount)} kobo, more than the ${moneyOf(received)} received: counted as ${money})`
          : '';
      const detail =
        status === 'processed'
          ? `Paystack refunded ${money} to the buyer${data.refund_reference ? ` (refund reference ${data.refund_reference})` : ''}${capped}${
              paidBy && !whole
                ? `: part of the ${moneyOf(received)} paid, so the order and its tickets stay as they are; cancel the order if the buyer should not come`
                : ''
            }`
          : status === 'failed'
            ? flag
              ? `Paystack could not refund ${money} (payment ${data.transaction_reference}): the buyer has not had their money back. Refund the order again, or in Paystack's dashboard.`
              : `Paystack could not refund ${money} (payment ${data.transaction_reference}); the order is paid and its tickets stand.`
            : `Paystack's refund of ${money} is ${status}${capped}`;
      await this.orders.refundStateChanged(trx, before.order_id, {
        status,
        amountKobo,
        detail,
        end,
        flag,
      });
      return end ? 'order refunded' : 'recorded';
    });
    const log = outcome === 'wrong currency' ? this.log.warn : this.log.info;
    log.call(
      this.log,
      { reference: data.transaction_reference, status, outcome },
      'paystack refund webhook',
    );
  }

  /**
   * Settles a successful payment once: the payment row is locked, and one already settled
   * is left alone, so a repeated webhook or a return racing it changes nothing. Settlements
   * that arrive together share one transaction (decision 092).
   */
  private async settle(reference: string, verification: Verification): Promise<void> {
    const outcome = await this.settlements.add(SETTLEMENTS, { reference, verification });
    // A reference of another integration on the same Paystack account: not ours to settle.
    if (outcome === 'unknown')
      this.log.warn({ reference }, 'paystack payment with an unknown reference');
    else this.log.info({ reference, outcome }, 'paystack payment settled');
  }

  /**
   * A group of settlements in one transaction, each in its own savepoint: one that fails
   * (a payment naming a missing order, a deadlock with another process) is rolled back to
   * its savepoint and answered with its error, and the others commit. If the group's
   * transaction fails as a whole, each settlement runs again alone: settling is idempotent
   * (a payment already settled is left alone), so one the failed COMMIT may have written is
   * not settled twice.
   */
  private readonly runSettlements = async (
    _key: string,
    jobs: Settling[],
  ): Promise<Settled<SettleOutcome>[]> => {
    let outcomes: Settled<SettleOutcome>[];
    try {
      outcomes = await this.db.transaction().execute(async (trx) => {
        if (jobs.length === 1) return [{ ok: true, value: await this.settleIn(trx, jobs[0]!) }];
        const done: Settled<SettleOutcome>[] = [];
        for (const job of jobs) {
          await sql`savepoint settlement`.execute(trx);
          try {
            done.push({ ok: true, value: await this.settleIn(trx, job) });
            await sql`release savepoint settlement`.execute(trx);
          } catch (error) {
            await sql`rollback to savepoint settlement`.execute(trx);
            done.push({ ok: false, error });
          }
        }
        return done;
      });
    } catch (error) {
      if (jobs.length === 1) return [{ ok: false, error }];
      outcomes = [];
      for (const job of jobs) outcomes.push(...(await this.runSettlements(_key, [job])));
    }
    this.mail.kick();
    return outcomes;
  };

  private async settleIn(trx: Kysely<Database>, job: Settling): Promise<SettleOutcome> {
    const { reference, verification } = job;
    const payment = await repo.lockByReference(trx, reference);
    if (!payment) return 'unknown';
    if (payment.status === 'success') return 'settled before';
    const outcome = await this.orders.settlePayment(trx, payment.order_id, {
      method: 'paystack',
      ref: reference,
      amountKobo: verification.amountKobo,
      currency: verification.currency,
    });
    await repo.markSettled(trx, payment.id, outcome, verification.providerStatus, {
      channel: verification.channel,
      feesKobo: verification.feesKobo,
      receivedKobo: verification.amountKobo,
      receivedCurrency: verification.currency,
    });
    return outcome;
  }

  private request(order: OrderDto, reference: string, returnTo?: string) {
    return {
      orderId: order.id,
      orderCode: order.orderCode,
      email: order.email,
      amountKobo: nairaToKobo(order.totalPrice),
      currency: 'NGN' as const,
      reference,
      callbackUrl: returnTo
        ? widgetCallbackUrl(returnTo, { id: order.id, slug: order.event.slug })
        : `${this.publicUrl}/checkout/return?order=${order.id}`,
    };
  }
}
