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
 * Split payments and payouts (https://paystack.com/docs/payments/split-payments/,
 * /docs/api/subaccount, /docs/api/verification, /docs/api/settlement):
 * - initialize also takes `channels` (card, bank, ussd, qr, mobile_money, bank_transfer,
 *   eft; another → 400 'Invalid channel'), `subaccount` (an unknown code → 400 'Subaccount
 *   not found'), `transaction_charge` (kobo) and `bearer` (account | subaccount);
 * - GET /bank → the banks (name, code, active, …); GET /bank/resolve?account_number&bank_code
 *   → {account_number, account_name, bank_id}, an unknown account → 422 'Could not resolve
 *   account name. Check parameters or try again.';
 * - POST /subaccount {business_name, bank_code (or settlement_bank), account_number,
 *   percentage_charge, …} → {subaccount_code: 'ACCT_…', settlement_bank: <bank name>, …};
 *   an account that does not resolve → 400 'Account details are invalid'; PUT
 *   /subaccount/:code updates one (unknown → 404 'Subaccount not found');
 * - GET /settlement?subaccount=ACCT_… → that subaccount's settlements {id, status,
 *   total_amount, settlement_date, …}; GET /settlement/:id/transactions → the transactions
 *   it paid.
 * Refund webhooks (https://paystack.com/docs/payments/webhooks/, refund.pending,
 * refund.processed, refund.failed): {event, data: {status, transaction_reference,
 * refund_reference, amount, currency, processor, customer, integration, domain}}.
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
  channels: string[] | null;
  /** The channel the buyer paid with. */
  channel: string;
  subaccount: string | null;
  transactionCharge: number | null;
  bearer: string | null;
}

export interface FakeSubaccount {
  code: string;
  id: number;
  businessName: string;
  bankCode: string;
  accountNumber: string;
  percentageCharge: number;
}

export interface FakeSettlement {
  id: number;
  subaccount: string;
  status: 'success' | 'processing' | 'pending' | 'failed';
  references: string[];
  date: string;
}

export const FAKE_BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Zenith Bank', code: '057' },
];

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
  /** Bank accounts GET /bank/resolve knows: `${bankCode}:${accountNumber}` → name. */
  accounts: Map<string, string>;
  subaccounts: Map<string, FakeSubaccount>;
  settlements: FakeSettlement[];
  /** A bank account that resolves to `name`. */
  addAccount(bankCode: string, accountNumber: string, name: string): void;
  /** Paystack settles these transactions' subaccount share in one settlement. */
  settle(
    subaccount: string,
    references: string[],
    status?: FakeSettlement['status'],
  ): FakeSettlement;
  /** A signed refund.pending / refund.processed / refund.failed webhook for a refund. */
  refundWebhook(
    refundId: number,
    event: 'refund.pending' | 'refund.processed' | 'refund.failed',
  ): { body: string; signature: string };
  /** The buyer pays on Paystack's page (by card unless another channel is named). */
  pay(reference: string, channel?: string): FakeTransaction;
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
    channel: t.channel,
    currency: t.currency,
    ip_address: '197.210.54.33',
    metadata: t.metadata,
    fees: t.status === 'success' ? Math.min(Math.round(t.amount * 0.015) + 10_000, 200_000) : null,
    customer: { id: 181873746, email: t.email, customer_code: 'CUS_fake' },
    authorization:
      t.status === 'success'
        ? { authorization_code: 'AUTH_fake', channel: t.channel, last4: '4081', bank: 'TEST BANK' }
        : {},
    subaccount: t.subaccount ? { subaccount_code: t.subaccount } : {},
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
        const known = ['card', 'bank', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'eft'];
        if (
          b.channels !== undefined &&
          (!Array.isArray(b.channels) || b.channels.some((c) => !known.includes(String(c))))
        ) {
          reply(400, { status: false, message: 'Invalid channel' });
          return;
        }
        if (b.subaccount !== undefined && !subaccounts.has(String(b.subaccount))) {
          reply(400, { status: false, message: 'Subaccount not found' });
          return;
        }
        const charge = b.transaction_charge === undefined ? null : Number(b.transaction_charge);
        if (charge !== null && (!Number.isInteger(charge) || charge < 0 || charge > amount)) {
          reply(400, { status: false, message: 'Invalid transaction charge' });
          return;
        }
        if (b.bearer !== undefined && b.bearer !== 'account' && b.bearer !== 'subaccount') {
          reply(400, { status: false, message: 'Invalid bearer' });
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
          channels: Array.isArray(b.channels) ? b.channels.map(String) : null,
          channel: 'card',
          subaccount: b.subaccount === undefined ? null : String(b.subaccount),
          transactionCharge: charge,
          bearer: b.bearer === undefined ? null : String(b.bearer),
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
      const url = new URL(path, 'http://paystack.local');
      if (req.method === 'GET' && url.pathname === '/bank') {
        reply(200, {
          status: true,
          message: 'Banks retrieved',
          data: FAKE_BANKS.map((bank, i) => ({
            id: i + 1,
            name: bank.name,
            slug: bank.name.toLowerCase().replace(/\s+/g, '-'),
            code: bank.code,
            longcode: '',
            gateway: 'emandate',
            pay_with_bank: false,
            active: true,
            country: 'Nigeria',
            currency: 'NGN',
            type: 'nuban',
            is_deleted: false,
          })),
          meta: { next: null, previous: null, perPage: 100 },
        });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/bank/resolve') {
        const number = url.searchParams.get('account_number') ?? '';
        const bankCode = url.searchParams.get('bank_code') ?? '';
        const name = accounts.get(`${bankCode}:${number}`);
        if (!name) {
          reply(422, {
            status: false,
            message: 'Could not resolve account name. Check parameters or try again.',
          });
          return;
        }
        const bankId = FAKE_BANKS.findIndex((bank) => bank.code === bankCode) + 1;
        reply(200, {
          status: true,
          message: 'Account number resolved',
          data: { account_number: number, account_name: name, bank_id: bankId },
        });
        return;
      }
      const subaccountPath = /^\/subaccount(?:\/([^/]+))?$/.exec(url.pathname);
      if (subaccountPath && (req.method === 'POST' || req.method === 'PUT')) {
        const b = (body ?? {}) as Record<string, unknown>;
        const existing = subaccountPath[1]
          ? subaccounts.get(decodeURIComponent(subaccountPath[1]))
          : undefined;
        if (req.method === 'PUT' && !existing) {
          reply(404, { status: false, message: 'Subaccount not found' });
          return;
        }
        const bankCode = String(b.bank_code ?? b.settlement_bank ?? existing?.bankCode ?? '');
        const number = String(b.account_number ?? existing?.accountNumber ?? '');
        const percentage = Number(b.percentage_charge ?? existing?.percentageCharge);
        const businessName = String(b.business_name ?? existing?.businessName ?? '');
        if (!businessName || !Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
          reply(400, {
            status: false,
            message: 'Please provide a valid business name and percentage charge',
          });
          return;
        }
        if (!accounts.has(`${bankCode}:${number}`)) {
          reply(400, { status: false, message: 'Account details are invalid' });
          return;
        }
        const sub: FakeSubaccount = existing ?? {
          code: `ACCT_${randomBytes(7).toString('hex')}`,
          id: nextId++,
          businessName,
          bankCode,
          accountNumber: number,
          percentageCharge: percentage,
        };
        Object.assign(sub, {
          businessName,
          bankCode,
          accountNumber: number,
          percentageCharge: percentage,
        });
        subaccounts.set(sub.code, sub);
        const now = new Date().toISOString();
        reply(existing ? 200 : 201, {
          status: true,
          message: existing ? 'Subaccount updated' : 'Subaccount created',
          data: {
            integration: 412829,
            domain: 'test',
            subaccount_code: sub.code,
            business_name: sub.businessName,
            description: typeof b.description === 'string' ? b.description : null,
            primary_contact_email: b.primary_contact_email ?? null,
            percentage_charge: sub.percentageCharge,
            settlement_bank: FAKE_BANKS.find((bank) => bank.code === sub.bankCode)?.name,
            account_number: sub.accountNumber,
            settlement_schedule: 'AUTO',
            active: true,
            is_verified: false,
            id: sub.id,
            createdAt: now,
            updatedAt: now,
          },
        });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/settlement') {
        const only = url.searchParams.get('subaccount');
        const list = settlements.filter((s) => !only || s.subaccount === only).reverse();
        reply(200, {
          status: true,
          message: 'Settlements retrieved',
          data: list.map((s) => {
            const total = s.references.reduce((sum, ref) => {
              const t = transactions.get(ref);
              return sum + (t ? t.amount - (t.transactionCharge ?? 0) : 0);
            }, 0);
            return {
              id: s.id,
              domain: 'test',
              status: s.status,
              currency: 'NGN',
              integration: 412829,
              total_amount: total,
              effective_amount: total,
              total_fees: 0,
              total_processed: total,
              deductions: null,
              settlement_date: s.date,
              settled_by: null,
              createdAt: s.date,
              updatedAt: s.date,
              subaccount: { subaccount_code: s.subaccount },
            };
          }),
          meta: { total: list.length, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
        });
        return;
      }
      const settlementTx = /^\/settlement\/([^/]+)\/transactions$/.exec(url.pathname);
      if (req.method === 'GET' && settlementTx) {
        const s = settlements.find((x) => String(x.id) === decodeURIComponent(settlementTx[1]!));
        if (!s) {
          reply(404, { status: false, message: 'Settlement not found' });
          return;
        }
        const list = s.references
          .map((ref) => transactions.get(ref))
          .filter((t) => t !== undefined);
        reply(200, {
          status: true,
          message: 'Transactions retrieved',
          data: list.map(dataOf),
          meta: { total: list.length, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
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

  const accounts = new Map<string, string>();
  const subaccounts = new Map<string, FakeSubaccount>();
  const settlements: FakeSettlement[] = [];

  const settle = (reference: string, status: 'success' | 'failed', channel = 'card') => {
    const t = transactions.get(reference);
    if (!t) throw new Error(`fake Paystack has no transaction ${reference}`);
    t.status = status;
    t.channel = channel;
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
    accounts,
    subaccounts,
    settlements,
    addAccount: (bankCode, accountNumber, name) =>
      void accounts.set(`${bankCode}:${accountNumber}`, name),
    settle(subaccount, references, status = 'success') {
      const s: FakeSettlement = {
        id: nextId++,
        subaccount,
        status,
        references,
        date: new Date().toISOString(),
      };
      settlements.push(s);
      return s;
    },
    refundWebhook(refundId, event) {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`fake Paystack has no refund ${refundId}`);
      const t = transactions.get(refund.reference)!;
      if (event === 'refund.failed') t.refunded -= refund.amount;
      const body = JSON.stringify({
        event,
        data: {
          status: event.slice('refund.'.length),
          transaction_reference: refund.reference,
          refund_reference: event === 'refund.processed' ? `RF${refund.id}` : null,
          amount: refund.amount,
          currency: t.currency,
          processor: 'mastercard',
          customer: { first_name: null, last_name: null, email: t.email },
          integration: 412829,
          domain: 'test',
        },
      });
      return { body, signature: sign(body) };
    },
    pay: (reference, channel) => settle(reference, 'success', channel),
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
