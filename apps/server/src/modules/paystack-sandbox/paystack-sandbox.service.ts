import type { FastifyBaseLogger } from 'fastify';
import { SANDBOX_BASE_URL } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { withSandboxState } from './paystack-sandbox.repository.ts';
import {
  SIM_BANKS,
  addSettlement,
  chargeSuccessWebhook,
  finishTransaction,
  refundWebhook,
  simulatePaystack,
  type SimOptions,
  type SimState,
  type SimTransaction,
} from './paystack-sim.ts';

/** The sandbox's hosted payment page (and its form), under the API so the SPA never shadows it. */
export const SANDBOX_PAGE_PATH = '/api/v1/paystack-sandbox/checkout';

/** Lagos is UTC+1 all year: a payment's settlement day is its Lagos calendar day. */
const lagosDay = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 10);

/**
 * Paystack settles a day's payments to each subaccount the next morning (T+1). Settles, in
 * one settlement per subaccount and day, every successful split payment made before today
 * that no settlement has paid yet; today's wait, as at Paystack.
 */
export function settleDue(state: SimState, now: Date): void {
  const today = lagosDay(now.toISOString());
  const settled = new Set(state.settlements.flatMap((s) => s.references));
  const due = new Map<string, { subaccount: string; day: string; references: string[] }>();
  for (const t of state.transactions.values()) {
    if (t.status !== 'success' || !t.subaccount || !t.paidAt || settled.has(t.reference)) continue;
    const day = lagosDay(t.paidAt);
    if (day >= today) continue;
    const key = `${t.subaccount}:${day}`;
    const group = due.get(key) ?? { subaccount: t.subaccount, day, references: [] };
    group.references.push(t.reference);
    due.set(key, group);
  }
  for (const group of [...due.values()].sort((a, b) => a.day.localeCompare(b.day))) {
    // Paid out at 09:00 in Lagos the next day.
    const date = new Date(Date.parse(`${group.day}T08:00:00Z`) + 86_400_000);
    addSettlement(state, group.subaccount, group.references, 'success', date);
  }
}

/** Deterministic demo account holder names: any 10-digit NUBAN resolves in the sandbox. */
const DEMO_HOLDERS = [
  'ADAEZE OKAFOR',
  'BABATUNDE ADEYEMI',
  'CHINEDU EZE',
  'FUNMILAYO BELLO',
  'IBRAHIM MUSA',
  'NGOZI OKONKWO',
];

/** The name the sandbox gives an account it has no holder for (the demo's name check). */
export function sandboxHolderName(bankCode: string, accountNumber: string): string | undefined {
  if (!/^\d{10}$/.test(accountNumber) || !SIM_BANKS.some((b) => b.code === bankCode)) {
    return undefined;
  }
  // 0000000000 never resolves, so the refusal can be tried too.
  if (/^0+$/.test(accountNumber)) return undefined;
  const sum = [...accountNumber].reduce((s, d) => s + Number(d), 0);
  return DEMO_HOLDERS[sum % DEMO_HOLDERS.length];
}

export interface SandboxCheckout {
  reference: string;
  accessCode: string;
  email: string;
  amountKobo: number;
  channel: string;
  status: SimTransaction['status'];
}

/**
 * The demo's Paystack (PAYSTACK_SANDBOX=true, only in test mode and never beside a key;
 * decision 058): the app's Paystack client calls `fetch` here instead of the network, and
 * gets the answers Paystack documents (the same simulation the tests' stand-in serves). A
 * buyer sent to "Paystack" lands on the sandbox's own page, which says it is a sandbox and
 * that no money moves; paying there sends the signed `charge.success` webhook to the app,
 * and an accepted refund is followed by a signed `refund.processed` a moment later.
 * Settlements come the morning after a payment (settleDue).
 */
export class PaystackSandbox {
  private readonly options: SimOptions;
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    readonly secretKey: string,
    publicUrl: string,
    /** Delivers a signed webhook to the app's own webhook route. */
    private readonly deliver: (body: string, signature: string) => Promise<number>,
    private readonly log: FastifyBaseLogger,
    private readonly refundDelayMs = 3000,
  ) {
    this.options = {
      secretKey,
      checkoutUrl: (accessCode) => `${publicUrl}${SANDBOX_PAGE_PATH}/${accessCode}`,
      nameUnknownAccount: sandboxHolderName,
    };
  }

  /** A `fetch` for the Paystack client: answers in-process, as Paystack would. */
  fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.origin !== SANDBOX_BASE_URL) throw new TypeError(`fetch failed: ${url.origin}`);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : '';
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const path = `${url.pathname}${url.search}`;
    const now = new Date();
    const answer = await withSandboxState(this.db, (state) => {
      if (method === 'GET' && url.pathname === '/settlement') settleDue(state, now);
      return simulatePaystack(state, this.options, {
        method,
        path,
        authorization: headers.get('authorization') ?? undefined,
        body,
      });
    });
    if (answer.kind !== 'json') {
      return new Response('<html><body>Internal Server Error</body></html>', { status: 500 });
    }
    if (method === 'POST' && url.pathname === '/refund' && answer.status === 200) {
      const id = (answer.json as { data: { id: number } }).data.id;
      this.later(() => this.refundProcessed(id));
    }
    return new Response(JSON.stringify(answer.json), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  /** The transaction behind a hosted page's access code, or undefined. */
  async checkout(accessCode: string): Promise<SandboxCheckout | undefined> {
    return withSandboxState(this.db, (state) => {
      const t = [...state.transactions.values()].find((tx) => tx.accessCode === accessCode);
      return t && checkoutOf(t);
    });
  }

  /**
   * The buyer pays (or is declined) on the sandbox page: the transaction is settled at
   * "Paystack", a paid one is announced by a signed `charge.success` webhook, and the buyer
   * is sent back to the shop's callback URL as Paystack does. Undefined: no such page, or
   * already finished.
   */
  async finish(accessCode: string, outcome: 'pay' | 'decline'): Promise<string | undefined> {
    const done = await withSandboxState(this.db, (state) => {
      const t = [...state.transactions.values()].find((tx) => tx.accessCode === accessCode);
      if (!t || t.status !== 'abandoned') return undefined;
      const channel = t.channels?.[0] ?? 'card';
      finishTransaction(state, t.reference, outcome === 'pay' ? 'success' : 'failed', channel);
      return {
        transaction: { ...t },
        webhook:
          outcome === 'pay' ? chargeSuccessWebhook(state, this.secretKey, t.reference) : undefined,
      };
    });
    if (!done) return undefined;
    if (done.webhook) {
      const status = await this.deliver(done.webhook.body, done.webhook.signature);
      if (status !== 200) this.log.warn({ status }, 'paystack sandbox: webhook not accepted');
    }
    const back = new URL(done.transaction.callbackUrl);
    back.searchParams.set('trxref', done.transaction.reference);
    back.searchParams.set('reference', done.transaction.reference);
    return back.toString();
  }

  private async refundProcessed(refundId: number): Promise<void> {
    const hook = await withSandboxState(this.db, (state) =>
      refundWebhook(state, this.secretKey, refundId, 'refund.processed'),
    );
    await this.deliver(hook.body, hook.signature);
  }

  private later(run: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      run().catch((err: unknown) =>
        this.log.warn({ err }, 'paystack sandbox: refund webhook not delivered'),
      );
    }, this.refundDelayMs);
    timer.unref();
    this.pending.add(timer);
  }

  close(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}

function checkoutOf(t: SimTransaction): SandboxCheckout {
  return {
    reference: t.reference,
    accessCode: t.accessCode,
    email: t.email,
    amountKobo: t.amount,
    channel: t.channels?.[0] ?? 'card',
    status: t.status,
  };
}
