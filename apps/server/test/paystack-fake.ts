import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack's Transaction API: these machines cannot reach Paystack, so
 * the app talks to this server over real HTTP instead. It follows the documented requests
 * and responses (https://paystack.com/docs/api/transaction/):
 *
 * - every call needs `Authorization: Bearer <secret key>`, else 401 {status:false, message:'Invalid key'};
 * - POST /transaction/initialize {email, amount (kobo, as a string or integer), currency,
 *   reference, callback_url, metadata} → {status:true, message:'Authorization URL created',
 *   data:{authorization_url, access_code, reference}}; a reused reference → 400
 *   {status:false, message:'Duplicate Transaction Reference'};
 * - GET /transaction/verify/:reference → {status:true, message:'Verification successful',
 *   data:{id, status, reference, amount, currency, paid_at, gateway_response, channel, …}};
 *   an unknown reference → 400 {status:false, message:'Transaction reference not found'}.
 *
 * - POST /refund {transaction: reference or id, amount (kobo, optional: the rest of the
 *   transaction), currency, merchant_note} → {status:true, message:'Refund has been queued
 *   for processing', data:{id, status:'pending', amount, currency, transaction:{…}, …}}
 *   (https://paystack.com/docs/api/refund/); an unknown transaction → 400 'Transaction
 *   not found'; one not successful → 400; more than is left → 400 'Refund amount cannot be
 *   more than the transaction amount'; one refunded in full → 400 'Transaction has been
 *   fully reversed'.
 *
 * A transaction starts 'abandoned' (Paystack's word for "not paid yet") until the test
 * plays the buyer with `pay` or `decline`. `webhook` builds a `charge.success` event and
 * its `x-paystack-signature` (HMAC-SHA512 of the body with the secret key, hex).
 */
export interface FakeTransaction {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  metadata: unknown;
  status: 'abandoned' | 'success' | 'failed';
  paidAt: string | null;
  createdAt: string;
  /** Kobo refunded so far. */
  refunded: number;
}

export interface FakeRefund {
  id: number;
  reference: string;
  amount: number;
  merchantNote: string | null;
}

export interface FakePaystack {
  baseUrl: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  /** Every request received: method, path, authorization header and parsed JSON body. */
  requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** While set, every call answers 500 with an HTML page, as an outage would. */
  down: boolean;
  /** Refunds Paystack accepted, in order. */
  refunds: FakeRefund[];
  /** While set, POST /refund is refused (400) with this message, as a low balance would be. */
  refuseRefundsWith: string | undefined;
  /** While set, a refund is made but its answer is lost (the connection drops). */
  loseRefundAnswers: boolean;
  /** The buyer pays on Paystack's page. */
  pay(reference: string): FakeTransaction;
  /** The buyer's card is declined. */
  decline(reference: string): FakeTransaction;
  /** A signed `charge.success` webhook for a transaction (amount/currency overridable). */
  webhook(
    reference: string,
    override?: { amount?: number; currency?: string },
  ): { body: string; signature: string };
  sign(body: string | Buffer): string;
  close(): Promise<void>;
}

let nextId = 4_099_260_000;

export async function startFakePaystack(
  secretKey = `sk_test_${randomBytes(20).toString('hex')}`,
): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const requests: FakePaystack['requests'] = [];
  const refunds: FakeRefund[] = [];
  const sign = (body: string | Buffer) =>
    createHmac('sha512', secretKey).update(body).digest('hex');

  const dataOf = (t: FakeTransaction) => ({
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    receipt_number: null,
    amount: t.amount,
    message: null,
    gateway_response:
      t.status === 'success'
        ? 'Successful'
        : t.status === 'failed'
          ? 'Declined'
          : 'The transaction was not completed',
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: 'card',
    currency: t.currency,
    ip_address: '197.210.54.33',
    metadata: t.metadata,
    fees: t.status === 'success' ? Math.min(Math.round(t.amount * 0.015) + 10_000, 200_000) : null,
    customer: { id: 181873746, email: t.email, customer_code: 'CUS_fake' },
    authorization:
      t.status === 'success'
        ? { authorization_code: 'AUTH_fake', channel: 'card', last4: '4081', bank: 'TEST BANK' }
        : {},
    requested_amount: t.amount,
    transaction_date: t.createdAt,
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const path = req.url ?? '/';
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body,
      });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (state.down) {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<html><body>Internal Server Error</body></html>');
        return;
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        reply(401, { status: false, message: 'Invalid key' });
        return;
      }
      if (req.method === 'POST' && path === '/transaction/initialize') {
        const b = (body ?? {}) as Record<string, unknown>;
        const amount = Number(b.amount);
        if (typeof b.email !== 'string' || !b.email.includes('@')) {
          reply(400, { status: false, message: 'Invalid Email Address Passed' });
          return;
        }
        if (!Number.isInteger(amount) || amount <= 0) {
          reply(400, { status: false, message: 'Invalid Amount Sent' });
          return;
        }
        const reference =
          typeof b.reference === 'string' ? b.reference : randomBytes(10).toString('hex');
        if (!/^[A-Za-z0-9.=-]+$/.test(reference)) {
          reply(400, { status: false, message: 'Invalid transaction reference' });
          return;
        }
        if (transactions.has(reference)) {
          reply(400, { status: false, message: 'Duplicate Transaction Reference' });
          return;
        }
        const accessCode = randomBytes(5).toString('hex');
        transactions.set(reference, {
          id: nextId++,
          reference,
          email: b.email,
          amount,
          currency: typeof b.currency === 'string' ? b.currency : 'NGN',
          callbackUrl: String(b.callback_url ?? ''),
          metadata: b.metadata ?? '',
          status: 'abandoned',
          paidAt: null,
          createdAt: new Date().toISOString(),
          refunded: 0,
        });
        reply(200, {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.com/${accessCode}`,
            access_code: accessCode,
            reference,
          },
        });
        return;
      }
      if (req.method === 'POST' && path === '/refund') {
        const b = (body ?? {}) as Record<string, unknown>;
        const t = [...transactions.values()].find(
          (tx) => tx.reference === b.transaction || String(tx.id) === String(b.transaction),
        );
        if (!t) {
          reply(400, { status: false, message: 'Transaction not found' });
          return;
        }
        if (state.refuseRefundsWith) {
          reply(400, { status: false, message: state.refuseRefundsWith });
          return;
        }
        if (t.status !== 'success') {
          reply(400, {
            status: false,
            message: 'Cannot refund a transaction that was not successful',
          });
          return;
        }
        const left = t.amount - t.refunded;
        if (left === 0) {
          reply(400, { status: false, message: 'Transaction has been fully reversed' });
          return;
        }
        const amount = b.amount === undefined ? left : Number(b.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
          reply(400, {
            status: false,
            message: 'Refund amount cannot be more than the transaction amount',
          });
          return;
        }
        t.refunded += amount;
        const refund: FakeRefund = {
          id: nextId++,
          reference: t.reference,
          amount,
          merchantNote: typeof b.merchant_note === 'string' ? b.merchant_note : null,
        };
        refunds.push(refund);
        if (state.loseRefundAnswers) {
          req.socket.destroy();
          return;
        }
        const now = new Date().toISOString();
        reply(200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: {
            transaction: dataOf(t),
            integration: 412829,
            deducted_amount: 0,
            channel: null,
            merchant_note: refund.merchantNote,
            customer_note: null,
            status: 'pending',
            refunded_by: 'api',
            expected_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
            currency: t.currency,
            domain: 'test',
            amount,
            fully_deducted: false,
            id: refund.id,
            createdAt: now,
            updatedAt: now,
          },
        });
        return;
      }
      const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(path);
      if (req.method === 'GET' && verify) {
        const t = transactions.get(decodeURIComponent(verify[1]!));
        if (!t) {
          reply(400, { status: false, message: 'Transaction reference not found' });
          return;
        }
        reply(200, { status: true, message: 'Verification successful', data: dataOf(t) });
        return;
      }
      reply(404, { status: false, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const settle = (reference: string, status: 'success' | 'failed') => {
    const t = transactions.get(reference);
    if (!t) throw new Error(`fake Paystack has no transaction ${reference}`);
    t.status = status;
    t.paidAt = status === 'success' ? new Date().toISOString() : null;
    return t;
  };

  const state: FakePaystack = {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    requests,
    down: false,
    refunds,
    refuseRefundsWith: undefined,
    loseRefundAnswers: false,
    pay: (reference) => settle(reference, 'success'),
    decline: (reference) => settle(reference, 'failed'),
    webhook(reference, override = {}) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`fake Paystack has no transaction ${reference}`);
      const body = JSON.stringify({
        event: 'charge.success',
        data: {
          ...dataOf({ ...t, status: 'success', paidAt: t.paidAt ?? new Date().toISOString() }),
          ...(override.amount !== undefined ? { amount: override.amount } : {}),
          ...(override.currency !== undefined ? { currency: override.currency } : {}),
        },
      });
      return { body, signature: sign(body) };
    },
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
