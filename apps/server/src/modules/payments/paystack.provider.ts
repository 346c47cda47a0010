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
  channel: z.string().nullish(),
  fees: z.number().nullish(),
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
    channel: tx.channel ?? null,
    feesKobo: tx.fees ?? null,
  };
}

const banksResponse = envelope(
  z.array(z.object({ name: z.string(), code: z.string(), active: z.boolean().optional() })),
);
const resolveResponse = envelope(
  z.object({ account_number: z.string(), account_name: z.string() }),
);
const subaccountResponse = envelope(
  z.object({ subaccount_code: z.string(), account_number: z.string().optional() }),
);
const settlementsResponse = envelope(
  z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      status: z.string(),
      settlement_date: z.string().nullish(),
    }),
  ),
);
const settlementTransactionsResponse = envelope(z.array(z.object({ reference: z.string() })));

/** A settlement Paystack made (or is making) to a subaccount's bank. */
export interface PaystackSettlement {
  id: string;
  /** success, processing, pending or failed. */
  status: string;
  settlementDate: string | null;
}

/** What the organiser's Paystack subaccount is made of. */
export interface SubaccountRequest {
  businessName: string;
  bankCode: string;
  accountNumber: string;
  /** The default platform share when a transaction names no transaction_charge. */
  percentageCharge: number;
  email: string;
}

export class PaystackProvider implements PaymentProvider {
  readonly method = 'paystack' as const;

  constructor(
    private readonly secretKey: string,
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
    /** The demo's sandbox answers in-process (decision 058); otherwise the network. */
    private readonly fetchImpl: typeof fetch = fetch,
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
      ...(request.channels ? { channels: request.channels } : {}),
      // https://paystack.com/docs/payments/split-payments/: the subaccount gets the amount
      // less the flat transaction_charge; bearer 'account' puts Paystack's fees on us.
      ...(request.split
        ? {
            subaccount: request.split.subaccount,
            transaction_charge: request.split.platformChargeKobo,
            bearer: 'account',
          }
        : {}),
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
  async refund(
    reference: string,
    amountKobo: number,
    currency: string,
    note: string,
  ): Promise<PaystackRefund> {
    const body = await this.call('POST', '/refund', refundResponse, {
      transaction: reference,
      amount: amountKobo,
      currency,
      merchant_note: note.slice(0, 200),
    });
    if (!body.data) throw new PaymentProviderError('Paystack returned no refund');
    return { id: String(body.data.id), status: body.data.status, amountKobo: body.data.amount };
  }

  /** Nigerian banks Paystack pays out to (GET /bank). */
  async banks(): Promise<{ code: string; name: string }[]> {
    const body = await this.call(
      'GET',
      '/bank?country=nigeria&currency=NGN&perPage=100',
      banksResponse,
    );
    return (body.data ?? [])
      .filter((b) => b.active !== false)
      .map((b) => ({ code: b.code, name: b.name }));
  }

  /** The name the bank holds for an account (GET /bank/resolve). */
  async resolveAccount(accountNumber: string, bankCode: string): Promise<string> {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const body = await this.call('GET', `/bank/resolve?${query}`, resolveResponse);
    if (!body.data) throw new PaymentProviderError('Paystack returned no account');
    return body.data.account_name;
  }

  /** Creates the organiser's subaccount (POST /subaccount) or updates it (PUT /subaccount/:code). */
  async saveSubaccount(request: SubaccountRequest, code: string | null): Promise<string> {
    const payload = {
      business_name: request.businessName.slice(0, 100),
      bank_code: request.bankCode,
      settlement_bank: request.bankCode,
      account_number: request.accountNumber,
      percentage_charge: request.percentageCharge,
      primary_contact_email: request.email,
      description: 'Gatepass organiser',
    };
    const body = code
      ? await this.call(
          'PUT',
          `/subaccount/${encodeURIComponent(code)}`,
          subaccountResponse,
          payload,
        )
      : await this.call('POST', '/subaccount', subaccountResponse, payload);
    if (!body.data) throw new PaymentProviderError('Paystack returned no subaccount');
    return body.data.subaccount_code;
  }

  /** Settlements to a subaccount's bank, newest first (GET /settlement). */
  async settlements(subaccount: string): Promise<PaystackSettlement[]> {
    const query = new URLSearchParams({ subaccount, perPage: '100' });
    const body = await this.call('GET', `/settlement?${query}`, settlementsResponse);
    return (body.data ?? []).map((s) => ({
      id: String(s.id),
      status: s.status,
      settlementDate: s.settlement_date ?? null,
    }));
  }

  /** The references of the transactions one settlement paid (GET /settlement/:id/transactions). */
  async settlementReferences(id: string): Promise<string[]> {
    const body = await this.call(
      'GET',
      `/settlement/${encodeURIComponent(id)}/transactions?perPage=100`,
      settlementTransactionsResponse,
    );
    return (body.data ?? []).map((t) => t.reference);
  }

  /** Whether `signature` is Paystack's HMAC-SHA512 (hex) of exactly these bytes. */
  signatureValid(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = createHmac('sha512', this.secretKey).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  private async call<T extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T> & { status: boolean; message?: string | undefined }> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl}${path}`, {
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
        `Paystack ${method} ${path.split('?')[0]!.split('/').slice(0, 3).join('/')} failed: ${err instanceof Error ? err.message : String(err)}`,
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
