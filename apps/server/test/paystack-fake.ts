import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SIM_BANKS,
  addSettlement,
  chargeSuccessWebhook,
  emptySimState,
  finishTransaction,
  refundWebhook,
  simSign,
  simulatePaystack,
  type SimFaults,
  type SimRefund,
  type SimSettlement,
  type SimState,
  type SimSubaccount,
  type SimTransaction,
} from '../src/modules/paystack-sandbox/paystack-sim.ts';

/**
 * A local stand-in for Paystack: these machines cannot reach Paystack, so the app talks to
 * this server over real HTTP instead. What it answers is the simulation the demo's sandbox
 * uses too (src/modules/paystack-sandbox/paystack-sim.ts, which lists the documented
 * requests and responses it follows); this file adds the HTTP server, a log of the requests
 * and the test's hands: the buyer paying or declined, settlements, signed webhooks, outages.
 */
export type FakeTransaction = SimTransaction;
export type FakeSubaccount = SimSubaccount;
export type FakeSettlement = SimSettlement;
export type FakeRefund = SimRefund;
export const FAKE_BANKS = SIM_BANKS;

export interface FakePaystack extends SimFaults {
  baseUrl: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  /** Every request received: method, path, authorization header and parsed JSON body. */
  requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** Refunds Paystack accepted, in order. */
  refunds: FakeRefund[];
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

export async function startFakePaystack(
  secretKey = `sk_test_${randomBytes(20).toString('hex')}`,
): Promise<FakePaystack> {
  const sim: SimState = emptySimState();
  const requests: FakePaystack['requests'] = [];

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
      const request = {
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body,
      };
      requests.push(request);
      const answer = simulatePaystack(
        sim,
        {
          secretKey,
          checkoutUrl: (accessCode) => `https://checkout.paystack.com/${accessCode}`,
          faults: state,
        },
        request,
      );
      if (answer.kind === 'outage') {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<html><body>Internal Server Error</body></html>');
      } else if (answer.kind === 'drop') {
        req.socket.destroy();
      } else {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const state: FakePaystack = {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    transactions: sim.transactions,
    requests,
    down: false,
    refunds: sim.refunds,
    refuseRefundsWith: undefined,
    loseRefundAnswers: false,
    accounts: sim.accounts,
    subaccounts: sim.subaccounts,
    settlements: sim.settlements,
    addAccount: (bankCode, accountNumber, name) =>
      void sim.accounts.set(`${bankCode}:${accountNumber}`, name),
    settle: (subaccount, references, status = 'success') =>
      addSettlement(sim, subaccount, references, status),
    refundWebhook: (refundId, event) => refundWebhook(sim, secretKey, refundId, event),
    pay: (reference, channel) => finishTransaction(sim, reference, 'success', channel),
    decline: (reference) => finishTransaction(sim, reference, 'failed'),
    webhook: (reference, override) => chargeSuccessWebhook(sim, secretKey, reference, override),
    sign: (body) => simSign(secretKey, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
