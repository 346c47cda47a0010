import { createHmac, randomBytes } from 'node:crypto';
import { SIM_BANKS, transactionData } from './paystack-sim.data.ts';
import { simulatePayouts } from './paystack-sim.payouts.ts';

export { SIM_BANKS, transactionData };

/**
 * A simulation of Paystack's API as documented, shared by the tests' local stand-in
 * (apps/server/test/paystack-fake.ts, a real HTTP server) and the demo's in-process sandbox
 * (paystack-sandbox.service.ts, PAYSTACK_SANDBOX=true, decision 058). It follows the
 * documented requests and responses:
 *
 * - every call needs `Authorization: Bearer <secret key>`, else 401 {status:false, message:'Invalid key'};
 * - POST /transaction/initialize {email, amount (kobo, as a string or integer), currency,
 *   reference, callback_url, metadata} → {status:true, message:'Authorization URL created',
 *   data:{authorization_url, access_code, reference}}; a reused reference → 400
 *   {status:false, message:'Duplicate Transaction Reference'}
 *   (https://paystack.com/docs/api/transaction/);
 * - GET /transaction/verify/:reference → {status:true, message:'Verification successful',
 *   data:{id, status, reference, amount, currency, paid_at, gateway_response, channel, …}};
 *   an unknown reference → 400 {status:false, message:'Transaction reference not found'}.
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
 * Webhooks (https://paystack.com/docs/payments/webhooks/): `charge.success` with the
 * transaction's data, and refund.pending / refund.processed / refund.failed {event, data:
 * {status, transaction_reference, refund_reference, amount, currency, processor, customer,
 * integration, domain}}, signed with `x-paystack-signature` = HMAC-SHA512 (hex) of the
 * body keyed with the secret key.
 *
 * A transaction starts 'abandoned' (Paystack's word for "not paid yet") until the buyer
 * pays (`payTransaction`) or is declined.
 */
export interface SimTransaction {
  id: number;
  reference: string;
  accessCode: string;
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

export interface SimSubaccount {
  code: string;
  id: number;
  businessName: string;
  bankCode: string;
  accountNumber: string;
  percentageCharge: number;
}

export interface SimSettlement {
  id: number;
  subaccount: string;
  status: 'success' | 'processing' | 'pending' | 'failed';
  references: string[];
  date: string;
}

export interface SimRefund {
  id: number;
  reference: string;
  amount: number;
  merchantNote: string | null;
}

export const SIM_CHANNELS = ['card', 'bank', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'eft'];

/** What Paystack holds: kept in memory by the tests' stand-in, in the database by the sandbox. */
export interface SimState {
  transactions: Map<string, SimTransaction>;
  /** Bank accounts GET /bank/resolve knows: `${bankCode}:${accountNumber}` → name. */
  accounts: Map<string, string>;
  subaccounts: Map<string, SimSubaccount>;
  settlements: SimSettlement[];
  /** Refunds Paystack accepted, in order. */
  refunds: SimRefund[];
  nextId: number;
}

/** How the simulation misbehaves on purpose (the tests' outages and refusals). */
export interface SimFaults {
  /** While set, every call answers 500 with an HTML page, as an outage would. */
  down: boolean;
  /** While set, POST /refund is refused (400) with this message, as a low balance would be. */
  refuseRefundsWith: string | undefined;
  /** While set, a refund is made but its answer is lost (the connection drops). */
  loseRefundAnswers: boolean;
}

export interface SimOptions {
  secretKey: string;
  /** The hosted payment page of a transaction's access code. */
  checkoutUrl: (accessCode: string) => string;
  faults?: SimFaults;
  /**
   * How an account number with no known holder resolves: undefined → 422 as Paystack does
   * for an account that does not exist; the sandbox names any 10-digit number.
   */
  nameUnknownAccount?: (bankCode: string, accountNumber: string) => string | undefined;
}

export interface SimRequest {
  method: string;
  /** Path with its query string, as after the base URL. */
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export type SimReply =
  | { kind: 'json'; status: number; json: unknown }
  /** An outage: 500 with an HTML page. */
  | { kind: 'outage' }
  /** The connection drops before the answer. */
  | { kind: 'drop' };

export function emptySimState(): SimState {
  return {
    transactions: new Map(),
    accounts: new Map(),
    subaccounts: new Map(),
    settlements: [],
    refunds: [],
    nextId: 4_099_260_000 + Math.floor(Math.random() * 1_000_000) * 10,
  };
}

/** The state as plain JSON (to keep it in the database) and back. */
export function simStateToJson(state: SimState): unknown {
  return {
    transactions: [...state.transactions.values()],
    accounts: [...state.accounts.entries()],
    subaccounts: [...state.subaccounts.values()],
    settlements: state.settlements,
    refunds: state.refunds,
    nextId: state.nextId,
  };
}

export function simStateFromJson(json: unknown): SimState {
  if (!json || typeof json !== 'object') return emptySimState();
  const j = json as {
    transactions?: SimTransaction[];
    accounts?: [string, string][];
    subaccounts?: SimSubaccount[];
    settlements?: SimSettlement[];
    refunds?: SimRefund[];
    nextId?: number;
  };
  return {
    transactions: new Map((j.transactions ?? []).map((t) => [t.reference, t])),
    accounts: new Map(j.accounts ?? []),
    subaccounts: new Map((j.subaccounts ?? []).map((s) => [s.code, s])),
    settlements: j.settlements ?? [],
    refunds: j.refunds ?? [],
    nextId: j.nextId ?? emptySimState().nextId,
  };
}

export const simSign = (secretKey: string, body: string | Buffer) =>
  createHmac('sha512', secretKey).update(body).digest('hex');

/** The buyer pays (`success`, by card unless another channel is named) or is declined. */
export function finishTransaction(
  state: SimState,
  reference: string,
  status: 'success' | 'failed',
  channel = 'card',
  at = new Date(),
): SimTransaction {
  const t = state.transactions.get(reference);
  if (!t) throw new Error(`Paystack simulation has no transaction ${reference}`);
  t.status = status;
  t.channel = channel;
  t.paidAt = status === 'success' ? at.toISOString() : null;
  return t;
}

/** Paystack settles these transactions' subaccount share in one settlement. */
export function addSettlement(
  state: SimState,
  subaccount: string,
  references: string[],
  status: SimSettlement['status'] = 'success',
  date = new Date(),
): SimSettlement {
  const s: SimSettlement = {
    id: state.nextId++,
    subaccount,
    status,
    references,
    date: date.toISOString(),
  };
  state.settlements.push(s);
  return s;
}

/** A signed `charge.success` webhook for a transaction (amount/currency overridable). */
export function chargeSuccessWebhook(
  state: SimState,
  secretKey: string,
  reference: string,
  override: { amount?: number; currency?: string } = {},
): { body: string; signature: string } {
  const t = state.transactions.get(reference);
  if (!t) throw new Error(`Paystack simulation has no transaction ${reference}`);
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      ...transactionData({
        ...t,
        status: 'success',
        paidAt: t.paidAt ?? new Date().toISOString(),
      }),
      ...(override.amount !== undefined ? { amount: override.amount } : {}),
      ...(override.currency !== undefined ? { currency: override.currency } : {}),
    },
  });
  return { body, signature: simSign(secretKey, body) };
}

/** A signed refund.pending / refund.processed / refund.failed webhook for a refund. */
export function refundWebhook(
  state: SimState,
  secretKey: string,
  refundId: number,
  event: 'refund.pending' | 'refund.processed' | 'refund.failed',
): { body: string; signature: string } {
  const refund = state.refunds.find((r) => r.id === refundId);
  if (!refund) throw new Error(`Paystack simulation has no refund ${refundId}`);
  const t = state.transactions.get(refund.reference)!;
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
  return { body, signature: simSign(secretKey, body) };
}

const NO_FAULTS: SimFaults = {
  down: false,
  refuseRefundsWith: undefined,
  loseRefundAnswers: false,
};

/** Answers one request as Paystack would, changing `state` as Paystack would. */
export function simulatePaystack(state: SimState, options: SimOptions, req: SimRequest): SimReply {
  const faults = options.faults ?? NO_FAULTS;
  const { method, path, body } = req;
  const reply = (status: number, json: unknown): SimReply => ({ kind: 'json', status, json });
  if (faults.down) return { kind: 'outage' };
  if (req.authorization !== `Bearer ${options.secretKey}`) {
    return reply(401, { status: false, message: 'Invalid key' });
  }
  const { transactions, subaccounts } = state;
  if (method === 'POST' && path === '/transaction/initialize') {
    const b = (body ?? {}) as Record<string, unknown>;
    const amount = Number(b.amount);
    if (typeof b.email !== 'string' || !b.email.includes('@')) {
      return reply(400, { status: false, message: 'Invalid Email Address Passed' });
    }
    if (!Number.isInteger(amount) || amount <= 0) {
      return reply(400, { status: false, message: 'Invalid Amount Sent' });
    }
    const reference =
      typeof b.reference === 'string' ? b.reference : randomBytes(10).toString('hex');
    if (!/^[A-Za-z0-9.=-]+$/.test(reference)) {
      return reply(400, { status: false, message: 'Invalid transaction reference' });
    }
    if (transactions.has(reference)) {
      return reply(400, { status: false, message: 'Duplicate Transaction Reference' });
    }
    if (
      b.channels !== undefined &&
      (!Array.isArray(b.channels) || b.channels.some((c) => !SIM_CHANNELS.includes(String(c))))
    ) {
      return reply(400, { status: false, message: 'Invalid channel' });
    }
    if (b.subaccount !== undefined && !subaccounts.has(String(b.subaccount))) {
      return reply(400, { status: false, message: 'Subaccount not found' });
    }
    const charge = b.transaction_charge === undefined ? null : Number(b.transaction_charge);
    if (charge !== null && (!Number.isInteger(charge) || charge < 0 || charge > amount)) {
      return reply(400, { status: false, message: 'Invalid transaction charge' });
    }
    if (b.bearer !== undefined && b.bearer !== 'account' && b.bearer !== 'subaccount') {
      return reply(400, { status: false, message: 'Invalid bearer' });
    }
    const accessCode = randomBytes(5).toString('hex');
    const channels = Array.isArray(b.channels) ? b.channels.map(String) : null;
    transactions.set(reference, {
      id: state.nextId++,
      reference,
      accessCode,
      email: b.email,
      amount,
      currency: typeof b.currency === 'string' ? b.currency : 'NGN',
      callbackUrl: String(b.callback_url ?? ''),
      metadata: b.metadata ?? '',
      status: 'abandoned',
      paidAt: null,
      createdAt: new Date().toISOString(),
      refunded: 0,
      channels,
      channel: 'card',
      subaccount: b.subaccount === undefined ? null : String(b.subaccount),
      transactionCharge: charge,
      bearer: b.bearer === undefined ? null : String(b.bearer),
    });
    return reply(200, {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: options.checkoutUrl(accessCode),
        access_code: accessCode,
        reference,
      },
    });
  }
  if (method === 'POST' && path === '/refund') {
    const b = (body ?? {}) as Record<string, unknown>;
    const t = [...transactions.values()].find(
      (tx) => tx.reference === b.transaction || String(tx.id) === String(b.transaction),
    );
    if (!t) return reply(400, { status: false, message: 'Transaction not found' });
    if (faults.refuseRefundsWith) {
      return reply(400, { status: false, message: faults.refuseRefundsWith });
    }
    if (t.status !== 'success') {
      return reply(400, {
        status: false,
        message: 'Cannot refund a transaction that was not successful',
      });
    }
    const left = t.amount - t.refunded;
    if (left === 0) {
      return reply(400, { status: false, message: 'Transaction has been fully reversed' });
    }
    const amount = b.amount === undefined ? left : Number(b.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return reply(400, {
        status: false,
        message: 'Refund amount cannot be more than the transaction amount',
      });
    }
    t.refunded += amount;
    const refund: SimRefund = {
      id: state.nextId++,
      reference: t.reference,
      amount,
      merchantNote: typeof b.merchant_note === 'string' ? b.merchant_note : null,
    };
    state.refunds.push(refund);
    if (faults.loseRefundAnswers) return { kind: 'drop' };
    const now = new Date().toISOString();
    return reply(200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: transactionData(t),
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
  }
  // Split payments and payouts: banks, account names, subaccounts, settlements.
  const payouts = simulatePayouts(state, options, req);
  if (payouts) return payouts;
  const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(path);
  if (method === 'GET' && verify) {
    const t = transactions.get(decodeURIComponent(verify[1]!));
    if (!t) return reply(400, { status: false, message: 'Transaction reference not found' });
    return reply(200, {
      status: true,
      message: 'Verification successful',
      data: transactionData(t),
    });
  }
  return reply(404, { status: false, message: 'Not found' });
}
