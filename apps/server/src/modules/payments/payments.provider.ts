/**
 * One interface for every way to pay (issue 4): a provider starts a payment and says what
 * became of it. The orders module decides what money does to an order; providers only talk
 * to the outside world.
 */
export type ProviderMethod = 'test' | 'offline' | 'paystack';

export interface PaymentRequest {
  orderId: string;
  orderCode: string;
  email: string;
  /** Integer kobo. */
  amountKobo: number;
  currency: 'NGN';
  /** Ours, unique per attempt: how the provider's answers find the payment again. */
  reference: string;
  /** Where the provider sends the buyer back. */
  callbackUrl: string;
  /** Paystack: the channels its checkout offers (absent: the account's defaults). */
  channels?: readonly string[] | undefined;
  /**
   * Paystack split payment: the organiser's subaccount settles the amount less the
   * platform's flat share (`transaction_charge`); the platform bears Paystack's fees.
   */
  split?: { subaccount: string; platformChargeKobo: number } | undefined;
}

export interface Verification {
  reference: string;
  /** success: money taken; failed: not, and it will not be; pending: not finished yet. */
  status: 'success' | 'failed' | 'pending';
  amountKobo: number;
  currency: string;
  /** The provider's own word for it (Paystack: success, failed, abandoned, reversed, …). */
  providerStatus: string;
  /** Paystack: the channel the buyer paid with, and what Paystack charged (kobo). */
  channel?: string | null | undefined;
  feesKobo?: number | null | undefined;
}

export interface PaymentProvider {
  readonly method: ProviderMethod;
  /**
   * Starts a payment. `redirectUrl` is the provider's page to send the buyer to; null when
   * the web app's own page takes over (the TEST page, the offline instructions).
   */
  initialize(request: PaymentRequest): Promise<{ redirectUrl: string | null }>;
  /** Asks the provider what became of a payment. */
  verify(reference: string): Promise<Verification>;
}

/** The provider could not be reached or refused the request: the buyer may try again. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The provider's own words when it answered and refused (e.g. Paystack's `message`). */
    readonly refusal?: string,
  ) {
    super(message);
  }
}

/**
 * A provider with nothing to ask: no page to send the buyer to, and every payment pending
 * until someone else settles the order; `providerStatus` says who.
 */
function settledElsewhere(
  method: PaymentProvider['method'],
  providerStatus: string,
): PaymentProvider {
  return {
    method,
    initialize: async () => ({ redirectUrl: null }),
    verify: async (reference) => ({
      reference,
      status: 'pending',
      amountKobo: 0,
      currency: 'NGN',
      providerStatus,
    }),
  };
}

/**
 * The built-in TEST provider: the web app's clearly marked TEST page, whose answer
 * (POST /orders/{id}/test-payment) completes or fails the order directly. Nothing to ask.
 */
export const testProvider = settledElsewhere('test', 'answered on the TEST page');

/** Bank transfer or cash at the venue: the order waits until the organiser marks it paid. */
export const offlineProvider = settledElsewhere('offline', 'awaiting the organiser');
