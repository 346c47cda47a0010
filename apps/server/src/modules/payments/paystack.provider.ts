import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PaymentProviderError,
  type PaymentProvider,
  type PaymentRequest,
  type Verification,
} from './payments.provider.ts';

/**
 * Paystack's Transaction API (https://paystack.com/docs/api/transaction/):
 * - POST /transaction/initialize {email, amount (kobo), currency, reference, callback_url,
 *   metadata} → {status: true, data: {authorization_url, access_code, reference}};
 * - GET /transaction/verify/{reference} → {status: true, data: {status, reference, amount,
 *   currency, paid_at, …}};
 * - POST /refund {transaction: reference, amount (kobo), currency, merchant_note} →
 *   {status: true, message: 'Refund has been queued for processing', data: {id, status,
 *   amount, …}} (https://paystack.com/docs/api/refund/);
 * - webhooks are signed: `x-paystack-signature` is the hex HMAC-SHA512 of the raw request
 *   body, keyed with the secret key (https://paystack.com/docs/payments/webhooks/).
 * Every call carries `Authorization: Bearer <secret key>`.
 */
const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), message: z.string().optional(), data: data.nullish() });

const initializeResponse = envelope(
  z.object({
    authorization_url: z.url(),
    access_code: z.string().optional(),
    reference: z.string(),
  }),
);

export const paystackTransaction = z.object({
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
const verifyResponse = envelope(paystackTransaction);

const refundResponse = envelope(
  z.object({ id: z.union([z.number().int(), z.string()]), status: z.string(), amount: z.number() }),
);

/** A refund Paystack accepted: it pays the money back over the next days. */
export interface PaystackRefund {
  id: string;
  /** pending, processing or processed. */
  status: string;
  amountKobo: number;
}

/** Paystack's transaction statuses, in the words of our `Verification`. */
export function verificationOf(tx: z.infer<typeof paystackTransaction>): Verification {
  const status =
    tx.status === 'success'
      ? 'success'
      : tx.status === 'failed' || tx.status === 'reversed'
        ? 'failed'
        : 'pending'; // abandoned, ongoing, pending, processing, queued
  return {
    reference: tx.reference,
    status,
    amountKobo: tx.amount,
    currency: tx.currency,
    providerStatus: tx.status,
  };
}

export class PaystackProvider implements PaymentProvider {
  readonly method = 'paystack' as const;

  constructor(
    private readonly secretKey: string,
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  async initialize(request: PaymentRequest): Promise<{ redirectUrl: string }> {
    const body = await this.call('POST', '/transaction/initialize', initializeResponse, {
      email: request.email,
      amount: String(request.amountKobo),
      currency: request.currency,
      reference: request.reference,
      callback_url: request.callbackUrl,
      metadata: {
        order_id: request.orderId,
        order_code: request.orderCode,
        // Paystack's checkout shows a "cancel" that returns here too.
        cancel_action: request.callbackUrl,
      },
    });
    if (!body.data) throw new PaymentProviderError('Paystack returned no authorization URL');
    return { redirectUrl: body.data.authorization_url };
  }

  async verify(reference: string): Promise<Verification> {
    const body = await this.call(
      'GET',
      `/transaction/verify/${encodeURIComponent(reference)}`,
      verifyResponse,
    );
    if (!body.data) throw new PaymentProviderError('Paystack returned no transaction');
    return verificationOf(body.data);
  }

  /** Asks Paystack to pay `amountKobo` of a successful transaction back to the buyer. */
  async refund(reference: string, amountKobo: number, note: string): Promise<PaystackRefund> {
    const body = await this.call('POST', '/refund', refundResponse, {
      transaction: reference,
      amount: amountKobo,
      currency: 'NGN',
      merchant_note: note.slice(0, 200),
    });
    if (!body.data) throw new PaymentProviderError('Paystack returned no refund');
    return { id: String(body.data.id), status: body.data.status, amountKobo: body.data.amount };
  }

  /** Whether `signature` is Paystack's HMAC-SHA512 (hex) of exactly these bytes. */
  signatureValid(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = createHmac('sha512', this.secretKey).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  private async call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T> & { status: boolean; message?: string | undefined }> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new PaymentProviderError(
        `Paystack ${method} ${path.split('/').slice(0, 3).join('/')} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(
        `Paystack answered ${res.status} with a body that is not JSON`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PaymentProviderError(`Paystack answered ${res.status} with an unexpected body`);
    }
    const data = parsed.data as z.infer<T> & { status: boolean; message?: string };
    if (!res.ok || !data.status) {
      throw new PaymentProviderError(
        `Paystack refused (${res.status}): ${data.message ?? 'no message'}`,
        data.message ?? `HTTP ${res.status}`,
      );
    }
    return data;
  }
}
