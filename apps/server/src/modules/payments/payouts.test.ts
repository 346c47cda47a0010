import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENTS,
  givenDraftEvent,
  givenPublishedEvent,
  givenTicketType,
  MANAGE,
} from '../../../test/event-factories.ts';
import { givenUser, logIn } from '../../../test/factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import type { FakePaystack } from '../../../test/paystack-fake.ts';
import {
  givenPayoutAccount,
  paystackBuyer,
  startPaystackWorld,
  type PaystackWorld,
} from '../../../test/paystack-world.ts';

/**
 * Issue 15 §1–2 against the local stand-in of Paystack (test/paystack-fake.ts, which
 * follows Paystack's documented requests and responses): payout accounts resolved and
 * made subaccounts, split transactions with the platform's fee as its share, channels per
 * event and the longer hold of transfer and USSD, refund webhooks into the order, and the
 * payout ledger with Paystack's settlements.
 */
const ORDERS = `${API}/orders`;
const SETTINGS = `${API}/events/manage/settings`;
const WEBHOOK = `${API}/payments/paystack/webhook`;
const LEDGER = `${API}/events/manage/finances/payouts`;

let world: PaystackWorld;
let t: TestApp;
let paystack: FakePaystack;

beforeAll(async () => {
  // Test mode off: the rule about payout accounts holds in full (decision 038).
  world = await startPaystackWorld({ paymentsTestMode: false });
  ({ t, paystack } = world);
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const newOrganiser = async () => logIn(t, await givenUser(t));

const webhook = (signed: { body: string; signature: string }) =>
  t.request('POST', WEBHOOK, {
    payload: signed.body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signed.signature },
  });

async function history(orderId: string) {
  return t.db
    .selectFrom('order_history')
    .select(['kind', 'detail'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

/** A pending order of one ₦5,000 ticket (₦5,330 with the fee) on a new event of `token`'s. */
async function pendingOrder(token: string, event?: { id: string; slug: string }) {
  const e = event ?? (await givenPublishedEvent(t, token, {}, [{ price: 5000, capacity: 10 }]));
  const types = (await t.request('GET', `${EVENTS}/${e.slug}`)).body.data.ticketTypes;
  const res = await t.post(ORDERS, {
    eventId: e.id,
    items: [{ ticketTypeId: types[0].id, quantity: 1 }],
    buyer: paystackBuyer(),
  });
  expect(res.status, res.text).toBe(201);
  return {
    event: e,
    order: res.body.data.order as { id: string; orderCode: string; reservedUntil: string },
    headers: { 'x-order-token': res.body.data.accessToken as string },
  };
}

const pay = (o: Awaited<ReturnType<typeof pendingOrder>>, channel?: string) =>
  t.post(`${ORDERS}/${o.order.id}/pay`, { method: 'paystack', channel }, { headers: o.headers });

const transactionOf = (orderId: string) =>
  [...paystack.transactions.values()].find(
    (tx) => (tx.metadata as { order_id?: string }).order_id === orderId,
  );

describe('the payout account in settings', () => {
  it("lists Paystack's banks and resolves an account to the bank's name", async () => {
    const token = await newOrganiser();
    const banks = await t.request('GET', `${SETTINGS}/payout/banks`, { token });
    expect(banks.status, banks.text).toBe(200);
    expect(banks.body.data.paystack).toBe(true);
    expect(banks.body.data.banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });

    paystack.addAccount('044', '0690000031', 'CHIDI OKEKE');
    const resolved = await t.request(
      'GET',
      `${SETTINGS}/payout/resolve?bankCode=044&accountNumber=069-000-0031`,
      { token },
    );
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body.data).toEqual({
      bankCode: '044',
      accountNumber: '0690000031',
      accountName: 'CHIDI OKEKE',
    });
    const call = paystack.requests.findLast((r) => r.path.startsWith('/bank/resolve'))!;
    expect(call.path).toBe('/bank/resolve?account_number=0690000031&bank_code=044');
    expect(call.authorization).toBe(`Bearer ${paystack.secretKey}`);

    const unknown = await t.request(
      'GET',
      `${SETTINGS}/payout/resolve?bankCode=044&accountNumber=0000000000`,
      { token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('ACCOUNT_NOT_RESOLVED');
    expect(unknown.body.error).toMatch(/not found at the chosen bank/);

    paystack.down = true;
    try {
      const down = await t.request(
        'GET',
        `${SETTINGS}/payout/resolve?bankCode=044&accountNumber=0690000031`,
        { token },
      );
      expect(down.status).toBe(502);
      expect(down.body.error).toMatch(/could not reach Paystack/);
    } finally {
      paystack.down = false;
    }
  });

  it('saves only the name the bank resolved, creates the subaccount, then updates it', async () => {
    const token = await newOrganiser();
    paystack.addAccount('057', '2012345678', 'FOLAKE BALOGUN');
    const wrong = await t.request('PUT', `${SETTINGS}/payout`, {
      token,
      body: {
        bankName: 'Zenith Bank',
        bankCode: '057',
        accountNumber: '2012345678',
        accountName: 'Someone Else',
      },
    });
    expect(wrong.status, wrong.text).toBe(409);
    expect(wrong.body.error).toContain('"FOLAKE BALOGUN"');
    expect(wrong.body.details).toEqual({ accountName: 'FOLAKE BALOGUN' });
    expect((await t.request('GET', SETTINGS, { token })).body.data.payout).toBeNull();

    const subaccountsBefore = paystack.subaccounts.size;
    const saved = await t.request('PUT', `${SETTINGS}/payout`, {
      token,
      body: {
        bankName: 'Zenith Bank',
        bankCode: '057',
        accountNumber: '2012345678',
        accountName: 'folake  balogun',
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.payout).toEqual({
      bankName: 'Zenith Bank',
      accountNumber: '2012345678',
      accountName: 'FOLAKE BALOGUN',
      bankCode: '057',
      verified: true,
    });
    expect(paystack.subaccounts.size).toBe(subaccountsBefore + 1);
    const created = paystack.requests.findLast((r) => r.path === '/subaccount')!;
    expect(created.method).toBe('POST');
    expect(created.body).toMatchObject({
      bank_code: '057',
      account_number: '2012345678',
      percentage_charge: 4.5,
    });
    const code = [...paystack.subaccounts.values()].find(
      (s) => s.accountNumber === '2012345678',
    )!.code;

    paystack.addAccount('011', '3012345678', 'FOLAKE BALOGUN');
    const moved = await t.request('PUT', `${SETTINGS}/payout`, {
      token,
      body: {
        bankName: 'First Bank of Nigeria',
        bankCode: '011',
        accountNumber: '3012345678',
        accountName: 'FOLAKE BALOGUN',
      },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(paystack.subaccounts.size).toBe(subaccountsBefore + 1);
    const updated = paystack.requests.findLast((r) => r.path.startsWith('/subaccount'))!;
    expect(updated.method).toBe('PUT');
    expect(updated.path).toBe(`/subaccount/${code}`);
    expect(paystack.subaccounts.get(code)).toMatchObject({
      bankCode: '011',
      accountNumber: '3012345678',
    });

    // Paystack down while saving: nothing is saved.
    paystack.addAccount('044', '4012345678', 'FOLAKE BALOGUN');
    paystack.down = true;
    try {
      const down = await t.request('PUT', `${SETTINGS}/payout`, {
        token,
        body: {
          bankName: 'Access Bank',
          bankCode: '044',
          accountNumber: '4012345678',
          accountName: 'FOLAKE BALOGUN',
        },
      });
      expect(down.status).toBe(502);
    } finally {
      paystack.down = false;
    }
    const after = (await t.request('GET', SETTINGS, { token })).body.data.payout;
    expect(after.accountNumber).toBe('3012345678');

    const noBank = await t.request('PUT', `${SETTINGS}/payout`, {
      token,
      body: { bankName: 'Access Bank', accountNumber: '4012345678', accountName: 'X' },
    });
    expect(noBank.status).toBe(400);
    expect(noBank.body.error).toMatch(/Choose your bank/);

    const removed = await t.request('DELETE', `${SETTINGS}/payout`, { token });
    expect(removed.body.data.payout).toBeNull();
  });
});

describe('selling without a verified payout account (Paystack configured, test mode off)', () => {
  it('refuses Paystack for the order, and says so before calling Paystack', async () => {
    const token = await newOrganiser();
    const event = await givenPublishedEvent(t, token, { offlinePayment: true }, [
      { price: 5000, capacity: 10 },
    ]);
    const o = await pendingOrder(token, event);
    const before = paystack.requests.length;
    const res = await pay(o);
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('PAYOUT_ACCOUNT_REQUIRED');
    expect(res.body.error).toMatch(/has not set up a verified payout account/);
    expect(paystack.requests.length).toBe(before);
    const read = await t.request('GET', `${ORDERS}/${o.order.id}`, { headers: o.headers });
    expect(read.body.data.event.payoutReady).toBe(false);
    expect(read.body.data.paymentMethod).toBeNull();
    // Offline still sells the paid ticket.
    const offline = await t.post(
      `${ORDERS}/${o.order.id}/pay`,
      { method: 'offline' },
      { headers: o.headers },
    );
    expect(offline.status, offline.text).toBe(200);
  });

  it('publishes free events and paid ones that take offline payment, and says why it will not publish the rest', async () => {
    const token = await newOrganiser();
    const paid = await givenDraftEvent(t, token);
    await givenTicketType(t, token, paid.id, { price: 5000 });
    const refused = await t.post(`${MANAGE}/${paid.id}/publish`, undefined, { token });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('PAYOUT_ACCOUNT_REQUIRED');
    expect(refused.body.error).toMatch(/Settings → Payout account/);

    await givenPublishedEvent(t, token, {}, [{ price: 0, capacity: 50 }]);
    await givenPublishedEvent(t, token, { offlinePayment: true }, [{ price: 5000 }]);

    await givenPayoutAccount(t, token, paystack, 'NNAMDI EZE');
    const now = await t.post(`${MANAGE}/${paid.id}/publish`, undefined, { token });
    expect(now.status, now.text).toBe(200);
  });
});

describe('split payments and channels', () => {
  it('initializes with the subaccount, the fee as the platform’s share and the event’s channels', async () => {
    const o = await pendingOrder(world.organiser);
    const res = await pay(o);
    expect(res.status, res.text).toBe(200);
    const tx = transactionOf(o.order.id)!;
    const init = paystack.requests.find(
      (r) =>
        r.path === '/transaction/initialize' &&
        (r.body as { reference: string }).reference === tx.reference,
    )!;
    expect(init.body).toMatchObject({
      amount: '533000',
      channels: ['card', 'bank_transfer', 'ussd', 'bank'],
      transaction_charge: 33000, // the ₦330 service fee
      bearer: 'account',
    });
    expect(tx.subaccount).toMatch(/^ACCT_/);
    // Card keeps the normal hold.
    const read = await t.request('GET', `${ORDERS}/${o.order.id}`, { headers: o.headers });
    expect(Date.parse(read.body.data.reservedUntil)).toBe(Date.parse(o.order.reservedUntil));
  });

  it('holds the tickets 45 minutes for a bank transfer, confirms only on the signed webhook, and keeps channel and fees', async () => {
    const o = await pendingOrder(world.organiser);
    const started = Date.now();
    const res = await pay(o, 'bank_transfer');
    expect(res.status, res.text).toBe(200);
    const until = Date.parse(res.body.data.reservedUntil);
    expect(until - started).toBeGreaterThan(44 * 60_000);
    expect(until - started).toBeLessThan(46 * 60_000);
    const tx = transactionOf(o.order.id)!;
    expect(tx.channels).toEqual(['bank_transfer']);
    expect((await history(o.order.id)).map((h) => h.kind)).toContain('hold_extended');

    // The buyer is back before the transfer landed: nothing is confirmed.
    const early = await t.post(
      `${ORDERS}/${o.order.id}/verify-payment`,
      { reference: tx.reference },
      { headers: o.headers },
    );
    expect(early.status).toBe(409);

    paystack.pay(tx.reference, 'bank_transfer');
    const hooked = await webhook(paystack.webhook(tx.reference));
    expect(hooked.status, hooked.text).toBe(200);
    const order = await t.request('GET', `${ORDERS}/${o.order.id}`, { headers: o.headers });
    expect(order.body.data.status).toBe('completed');
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', tx.reference)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      channel: 'bank_transfer',
      fees_kobo: 17_995,
      platform_charge_kobo: 33_000,
      channels: 'bank_transfer',
    });
  });

  it('offers only the channels the organiser left on', async () => {
    const event = await givenPublishedEvent(t, world.organiser, { paystackChannels: ['card'] }, [
      { price: 5000, capacity: 5 },
    ]);
    const o = await pendingOrder(world.organiser, event);
    const read = await t.request('GET', `${ORDERS}/${o.order.id}`, { headers: o.headers });
    expect(read.body.data.event.paystackChannels).toEqual(['card']);
    const ussd = await pay(o, 'ussd');
    expect(ussd.status).toBe(409);
    expect(ussd.body.error).toMatch(/does not take ussd payments/);
    const card = await pay(o, 'card');
    expect(card.status, card.text).toBe(200);
    expect(transactionOf(o.order.id)!.channels).toEqual(['card']);

    const none = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: world.organiser,
      body: { paystackChannels: [] },
    });
    expect(none.status).toBe(400);
    const two = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: world.organiser,
      body: { paystackChannels: ['ussd', 'card'] },
    });
    expect(two.status, two.text).toBe(200);
    expect(two.body.data.paystackChannels).toEqual(['card', 'ussd']);
  });
});

describe('refunds followed from Paystack’s webhooks, and the payout ledger', () => {
  it('shows the payment, its settlement, the refund as a negative line and the refund’s state', async () => {
    const token = await newOrganiser();
    const subaccount = await givenPayoutAccount(t, token, paystack, 'TEMI ADEBAYO');
    const o = await pendingOrder(token);
    expect((await pay(o, 'ussd')).status).toBe(200);
    const tx = transactionOf(o.order.id)!;
    paystack.pay(tx.reference, 'ussd');
    expect((await webhook(paystack.webhook(tx.reference))).status).toBe(200);

    let ledger = await t.request('GET', LEDGER, { token });
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.body.data.settlementsChecked).toBe(true);
    expect(ledger.body.data.lines).toEqual([
      expect.objectContaining({
        kind: 'payment',
        orderCode: o.order.orderCode,
        channel: 'ussd',
        amount: 5330,
        organiser: 5000,
        platform: 150.05,
        paystack: 179.95,
        settlement: 'not_settled',
      }),
    ]);

    paystack.settle(subaccount, [tx.reference], 'success');
    ledger = await t.request('GET', LEDGER, { token });
    expect(ledger.body.data.lines[0].settlement).toBe('success');
    expect(ledger.body.data.lines[0].settlementDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The organiser refunds; Paystack queues it, then its webhooks tell what became of it.
    const refunded = await t.post(
      `${API}/events/manage/orders/${o.order.id}/refund`,
      { reason: 'Cannot attend' },
      { token },
    );
    expect(refunded.status, refunded.text).toBe(200);
    let buyerView = await t.request('GET', `${ORDERS}/${o.order.id}`, { headers: o.headers });
    expect(buyerView.body.data.refund).toEqual({ status: 'pending', amount: 5330 });
    const refund = paystack.refunds.find((r) => r.reference === tx.reference)!;

    expect((await webhook(paystack.refundWebhook(refund.id, 'refund.processed'))).status).toBe(200);
    // The same event again changes nothing.
    expect((await webhook(paystack.refundWebhook(refund.id, 'refund.processed'))).status).toBe(200);
    buyerView = await t.request('GET', `${ORDERS}/${o.order.id}`, { headers: o.headers });
    expect(buyerView.body.data.refund).toEqual({ status: 'processed', amount: 5330 });
    const kinds = (await history(o.order.id)).map((h) => h.kind);
    expect(kinds.filter((k) => k === 'refund_processed')).toHaveLength(1);
    const manage = await t.request('GET', `${API}/events/manage/orders/${o.order.id}`, { token });
    expect(manage.body.data.refund).toEqual({ status: 'processed', amount: 5330 });
    expect(manage.body.data.history.at(-1).detail).toMatch(/Paystack refunded ₦5,330\.00/);

    ledger = await t.request('GET', LEDGER, { token });
    expect(ledger.body.data.lines.map((l: { kind: string }) => l.kind)).toEqual([
      'payment',
      'refund',
    ]);
    expect(ledger.body.data.lines[1]).toMatchObject({
      amount: -5330,
      organiser: -5000,
      platform: -330,
      paystack: 0,
      refundStatus: 'processed',
    });
    expect(ledger.body.data.totals).toEqual({
      amount: 0,
      organiser: 0,
      platform: -179.95,
      paystack: 179.95,
    });

    const csv = await t.request('GET', `${LEDGER}.csv`, { token });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Date (Lagos),Line,Order code,Event,Paystack reference,Channel,Buyer paid (NGN),Organiser gets (NGN),Platform keeps (NGN),Paystack charged (NGN),Settlement,Settled on',
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(',payment,');
    expect(rows[1]).toContain(',5330.00,5000.00,150.05,179.95,success,');
    expect(rows[2]).toContain(',-5330.00,-5000.00,-330.00,0.00,refund processed,');

    // Another organiser sees none of it.
    const stranger = await newOrganiser();
    const theirs = await t.request('GET', LEDGER, { token: stranger });
    expect(theirs.body.data.lines).toEqual([]);

    // Paystack down: the ledger still answers, with unknown settlements.
    paystack.down = true;
    try {
      const down = await t.request('GET', LEDGER, { token });
      expect(down.status).toBe(200);
      expect(down.body.data.settlementsChecked).toBe(false);
      expect(down.body.data.lines[0].settlement).toBe('unknown');
    } finally {
      paystack.down = false;
    }
  });

  it('a failed refund flags the order again, and refunding it again asks Paystack anew', async () => {
    const token = await newOrganiser();
    await givenPayoutAccount(t, token, paystack, 'BISI ALADE');
    const o = await pendingOrder(token);
    expect((await pay(o)).status).toBe(200);
    const tx = transactionOf(o.order.id)!;
    paystack.pay(tx.reference);
    expect((await webhook(paystack.webhook(tx.reference))).status).toBe(200);
    const refundUrl = `${API}/events/manage/orders/${o.order.id}/refund`;
    expect((await t.post(refundUrl, {}, { token })).status).toBe(200);
    const first = paystack.refunds.find((r) => r.reference === tx.reference)!;

    expect((await webhook(paystack.refundWebhook(first.id, 'refund.pending'))).status).toBe(200);
    const failed = await webhook(paystack.refundWebhook(first.id, 'refund.failed'));
    expect(failed.status, failed.text).toBe(200);
    const manage = await t.request('GET', `${API}/events/manage/orders/${o.order.id}`, { token });
    expect(manage.body.data).toMatchObject({
      status: 'refunded',
      needsRefund: true,
      refund: { status: 'failed', amount: 5330 },
      actions: { refund: true },
    });
    expect(manage.body.data.history.at(-1)).toMatchObject({ kind: 'refund_failed' });
    expect(manage.body.data.history.at(-1).detail).toMatch(/has not had their money back/);

    const again = await t.post(refundUrl, {}, { token });
    expect(again.status, again.text).toBe(200);
    expect(paystack.refunds.filter((r) => r.reference === tx.reference)).toHaveLength(2);
    expect(again.body.data.needsRefund).toBe(false);
    expect(again.body.data.refund.status).toBe('pending');
  });

  it('leaves refund webhooks of unknown references alone, and refuses unsigned ones', async () => {
    const body = JSON.stringify({
      event: 'refund.processed',
      data: {
        status: 'processed',
        transaction_reference: 'not-ours-123',
        refund_reference: 'RF1',
        amount: 10000,
        currency: 'NGN',
      },
    });
    expect((await webhook({ body, signature: paystack.sign(body) })).status).toBe(200);
    expect((await webhook({ body, signature: '0'.repeat(128) })).status).toBe(401);
  });
});

describe('test mode on (PAYMENTS_TEST_MODE with an sk_test_ key)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp({
      paystackSecretKey: paystack.secretKey,
      paystackBaseUrl: paystack.baseUrl,
      paymentsTestMode: true,
    });
  }, 180_000);
  afterAll(async () => {
    await test?.close();
  });

  it('publishes a paid event without a payout account, and the TEST provider sells it; Paystack does not', async () => {
    const token = await logIn(test, await givenUser(test));
    const event = await givenPublishedEvent(test, token, {}, [{ price: 5000, capacity: 5 }]);
    const types = (await test.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes;
    const created = await test.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0].id, quantity: 1 }],
      buyer: paystackBuyer(),
    });
    const headers = { 'x-order-token': created.body.data.accessToken as string };
    const id = created.body.data.order.id as string;
    const refused = await test.post(`${ORDERS}/${id}/pay`, { method: 'paystack' }, { headers });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYOUT_ACCOUNT_REQUIRED');
    expect((await test.post(`${ORDERS}/${id}/pay`, { method: 'test' }, { headers })).status).toBe(
      200,
    );
    const paid = await test.post(
      `${ORDERS}/${id}/test-payment`,
      { outcome: 'success' },
      { headers },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.status).toBe('completed');
  });
});
