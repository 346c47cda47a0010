import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

/**
 * A stand-in for Paystack for the browser tests, following its documented requests and
 * responses (paystack.com/docs/api: transaction, verification, subaccount, settlement,
 * refund; /docs/payments/webhooks): initialize answers an authorization URL that is a page
 * of this server where the "buyer" picks a channel; a bank transfer is only "sent" there,
 * and arrives when the test calls `arrive` (a signed charge.success to the app's webhook).
 */
interface Tx {
  reference: string;
  amount: number;
  email: string;
  callback: string;
  channels: string[];
  channel: string;
  subaccount: string | null;
  charge: number;
  status: 'abandoned' | 'ongoing' | 'success';
}

export interface PaystackStandIn {
  url: string;
  secretKey: string;
  /** Where signed webhooks go: the app's /api/v1/payments/paystack/webhook. */
  webhookUrl: string;
  transactions: Map<string, Tx>;
  /** The transfer reached Paystack: the transaction succeeds and its webhook is sent. */
  arrive(reference: string): Promise<number>;
  /** Paystack finished the refund of a transaction: refund.processed is sent. */
  refundProcessed(reference: string): Promise<number>;
  /** Paystack settled these transactions to the subaccount's bank. */
  settle(subaccount: string, references: string[]): void;
  close(): Promise<void>;
}

const BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Zenith Bank', code: '057' },
];

export async function startPaystackStandIn(
  accounts: Record<string, string>,
  secretKey = 'sk_test_payouts_e2e',
): Promise<PaystackStandIn> {
  const transactions = new Map<string, Tx>();
  const subaccounts = new Map<string, { bank: string; number: string }>();
  const settlements: { id: number; subaccount: string; references: string[]; date: string }[] = [];
  const refunds: { reference: string; amount: number }[] = [];
  let nextId = 7_000_000;
  const fees = (amount: number) => Math.min(Math.round(amount * 0.015) + 10_000, 200_000);
  const txData = (t: Tx) => ({
    id: nextId,
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: 'NGN',
    channel: t.channel,
    fees: t.status === 'success' ? fees(t.amount) : null,
    paid_at: t.status === 'success' ? new Date().toISOString() : null,
    customer: { email: t.email },
    subaccount: t.subaccount ? { subaccount_code: t.subaccount } : {},
  });
  const sendWebhook = async (payload: unknown) => {
    const body = JSON.stringify(payload);
    const signature = createHmac('sha512', secretKey).update(body).digest('hex');
    const res = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
    return res.status;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      const page = /^\/checkout\/([^/]+)(?:\/(card|bank_transfer|ussd|bank|cancel))?$/.exec(
        url.pathname,
      );
      if (req.method === 'GET' && page) {
        const tx = transactions.get(decodeURIComponent(page[1]!));
        if (!tx) return json(404, { status: false });
        if (page[2]) {
          if (page[2] === 'card') tx.status = 'success';
          else if (page[2] !== 'cancel') tx.status = 'ongoing';
          tx.channel = page[2] === 'cancel' ? tx.channel : page[2];
          const back = new URL(tx.callback);
          back.searchParams.set('trxref', tx.reference);
          back.searchParams.set('reference', tx.reference);
          res.writeHead(302, { location: back.toString() });
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<!doctype html><title>Paystack (stand-in)</title><h1>Pay NGN ${tx.amount / 100}</h1>` +
            tx.channels
              .map((c) =>
                c === 'bank_transfer'
                  ? `<p>Transfer NGN ${tx.amount / 100} to 9912345678 (Wema Bank). <a href="/checkout/${tx.reference}/bank_transfer">I have sent the money</a></p>`
                  : `<p><a href="/checkout/${tx.reference}/${c}">Pay by ${c}</a></p>`,
              )
              .join('') +
            `<a href="/checkout/${tx.reference}/cancel">Cancel payment</a>`,
        );
        return;
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return json(401, { status: false, message: 'Invalid key' });
      }
      if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
        const reference = String(body.reference);
        transactions.set(reference, {
          reference,
          amount: Number(body.amount),
          email: String(body.email),
          callback: String(body.callback_url),
          channels: Array.isArray(body.channels) ? body.channels.map(String) : ['card'],
          channel: 'card',
          subaccount: typeof body.subaccount === 'string' ? body.subaccount : null,
          charge: Number(body.transaction_charge ?? 0),
          status: 'abandoned',
        });
        return json(200, {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `${state.url}/checkout/${reference}`,
            access_code: randomBytes(5).toString('hex'),
            reference,
          },
        });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
      if (req.method === 'GET' && verify) {
        const tx = transactions.get(decodeURIComponent(verify[1]!));
        if (!tx) return json(400, { status: false, message: 'Transaction reference not found' });
        return json(200, { status: true, message: 'Verification successful', data: txData(tx) });
      }
      if (req.method === 'GET' && url.pathname === '/bank') {
        return json(200, { status: true, message: 'Banks retrieved', data: BANKS });
      }
      if (req.method === 'GET' && url.pathname === '/bank/resolve') {
        const key = `${url.searchParams.get('bank_code')}:${url.searchParams.get('account_number')}`;
        const name = accounts[key];
        if (!name) {
          return json(422, {
            status: false,
            message: 'Could not resolve account name. Check parameters or try again.',
          });
        }
        return json(200, {
          status: true,
          message: 'Account number resolved',
          data: { account_number: url.searchParams.get('account_number'), account_name: name },
        });
      }
      const sub = /^\/subaccount(?:\/(.+))?$/.exec(url.pathname);
      if (sub && (req.method === 'POST' || req.method === 'PUT')) {
        const code = sub[1] ?? `ACCT_${randomBytes(6).toString('hex')}`;
        const bank = String(body.bank_code ?? body.settlement_bank);
        if (!accounts[`${bank}:${String(body.account_number)}`]) {
          return json(400, { status: false, message: 'Account details are invalid' });
        }
        subaccounts.set(code, { bank, number: String(body.account_number) });
        return json(req.method === 'POST' ? 201 : 200, {
          status: true,
          message: req.method === 'POST' ? 'Subaccount created' : 'Subaccount updated',
          data: { subaccount_code: code, account_number: body.account_number },
        });
      }
      if (req.method === 'GET' && url.pathname === '/settlement') {
        const only = url.searchParams.get('subaccount');
        return json(200, {
          status: true,
          message: 'Settlements retrieved',
          data: settlements
            .filter((s) => s.subaccount === only)
            .map((s) => ({ id: s.id, status: 'success', settlement_date: s.date })),
        });
      }
      const settled = /^\/settlement\/(\d+)\/transactions$/.exec(url.pathname);
      if (req.method === 'GET' && settled) {
        const s = settlements.find((x) => String(x.id) === settled[1]);
        return json(200, {
          status: true,
          message: 'Transactions retrieved',
          data: (s?.references ?? []).map((r) => txData(transactions.get(r)!)),
        });
      }
      if (req.method === 'POST' && url.pathname === '/refund') {
        const tx = transactions.get(String(body.transaction));
        if (!tx) return json(400, { status: false, message: 'Transaction not found' });
        refunds.push({ reference: tx.reference, amount: Number(body.amount ?? tx.amount) });
        return json(200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: { id: nextId++, status: 'pending', amount: Number(body.amount ?? tx.amount) },
        });
      }
      json(404, { status: false, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  const state: PaystackStandIn = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookUrl: '',
    transactions,
    async arrive(reference) {
      const tx = transactions.get(reference)!;
      tx.status = 'success';
      return sendWebhook({ event: 'charge.success', data: txData(tx) });
    },
    async refundProcessed(reference) {
      const refund = refunds.find((r) => r.reference === reference)!;
      return sendWebhook({
        event: 'refund.processed',
        data: {
          status: 'processed',
          transaction_reference: reference,
          refund_reference: `RF${nextId++}`,
          amount: refund.amount,
          currency: 'NGN',
          processor: 'mastercard',
          customer: { email: transactions.get(reference)!.email },
          integration: 412829,
          domain: 'test',
        },
      });
    },
    settle(subaccount, references) {
      settlements.push({
        id: nextId++,
        subaccount,
        references,
        date: new Date().toISOString(),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
