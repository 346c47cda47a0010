import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { EVENTS, givenPublishedEvent } from '../../../test/event-factories.ts';
import { givenUser, logIn } from '../../../test/factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { paystackBuyer } from '../../../test/paystack-world.ts';
import { DEMO_ORGANISER, seed } from '../../seed.ts';
import { withSandboxState } from './paystack-sandbox.repository.ts';

/**
 * Issue 24 §3 (decision 058): the demo's in-process Paystack sandbox — refused beside a key
 * and outside test mode, absent (404) unless turned on; when on, the payout account from a
 * bank list with a name check, a bank-transfer checkout through its labelled page confirmed
 * by its signed webhook, a refund followed by refund.processed, and the payout ledger with
 * the next morning's settlement.
 */
const SETTINGS = `${API}/events/manage/settings`;
const ORDERS = `${API}/orders`;
const LEDGER = `${API}/events/manage/finances/payouts`;
const PAGE = `${API}/paystack-sandbox/checkout`;

describe('turning the sandbox on', () => {
  it('is refused beside a Paystack key, live or test, and outside test mode', () => {
    const live = () =>
      loadConfig({
        PAYSTACK_SANDBOX: 'true',
        PAYMENTS_TEST_MODE: 'true',
        PAYSTACK_SECRET_KEY: 'sk_live_abc',
      });
    expect(live).toThrow(ConfigError);
    // (PAYMENTS_TEST_MODE beside sk_live_ is refused too; without it the sandbox's own check.)
    expect(() =>
      loadConfig({ PAYSTACK_SANDBOX: 'true', PAYSTACK_SECRET_KEY: 'sk_live_abc' }),
    ).toThrow(/PAYSTACK_SANDBOX: cannot be true with PAYSTACK_SECRET_KEY set \(a live key/);
    expect(() =>
      loadConfig({
        PAYSTACK_SANDBOX: 'true',
        PAYMENTS_TEST_MODE: 'true',
        PAYSTACK_SECRET_KEY: 'sk_test_abc',
      }),
    ).toThrow(/PAYSTACK_SANDBOX: cannot be true with PAYSTACK_SECRET_KEY/);
    expect(() => loadConfig({ PAYSTACK_SANDBOX: 'true' })).toThrow(/needs PAYMENTS_TEST_MODE=true/);
    const on = loadConfig({ PAYSTACK_SANDBOX: 'true', PAYMENTS_TEST_MODE: 'true' });
    expect(on.paystackSandbox).toBe(true);
    expect(on.paystackSecretKey).toMatch(/^sk_test_sandbox_[0-9a-f]{48}$/);
    expect(on.paystackBaseUrl).toBe('http://paystack-sandbox.invalid');
    expect(loadConfig({ PAYMENTS_TEST_MODE: 'true' }).paystackSandbox).toBe(false);
  });

  it('has no page when off', async () => {
    const t = await startTestApp({ paymentsTestMode: true });
    try {
      const res = await t.request('GET', `${PAGE}/0123456789`);
      expect(res.status).toBe(404);
      expect(res.text).not.toMatch(/sandbox/i);
      expect((await t.request('GET', `${API}/payments/methods`)).body.data).toEqual({
        methods: ['test', 'offline'],
      });
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('the sandbox in the demo', () => {
  let t: TestApp;
  let organiser: string;
  beforeAll(async () => {
    const c = loadConfig({ PAYSTACK_SANDBOX: 'true', PAYMENTS_TEST_MODE: 'true' });
    t = await startTestApp({
      paymentsTestMode: true,
      paystackSandbox: true,
      paystackSecretKey: c.paystackSecretKey,
      paystackBaseUrl: c.paystackBaseUrl,
    });
    organiser = await logIn(t, await givenUser(t));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says Paystack is the sandbox, beside the TEST provider', async () => {
    const res = await t.request('GET', `${API}/payments/methods`);
    expect(res.body.data).toEqual({
      methods: ['test', 'offline', 'paystack'],
      paystackSandbox: true,
    });
  });

  it("tells the organiser's Settings what is on and what is not", async () => {
    const res = await t.request('GET', `${SETTINGS}/features`, { token: organiser });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      paystack: 'sandbox',
      mail: false,
      sms: false,
      appleWallet: false,
      googleWallet: false,
    });
    expect((await t.request('GET', `${SETTINGS}/features`)).status).toBe(401);
  });

  it('sets the payout account from the bank list with a name check', async () => {
    const banks = await t.request('GET', `${SETTINGS}/payout/banks`, { token: organiser });
    expect(banks.status, banks.text).toBe(200);
    expect(banks.body.data.banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    const resolved = await t.request(
      'GET',
      `${SETTINGS}/payout/resolve?bankCode=058&accountNumber=0123456789`,
      { token: organiser },
    );
    expect(resolved.status, resolved.text).toBe(200);
    const accountName = resolved.body.data.accountName as string;
    expect(accountName).toMatch(/^[A-Z ]+$/);
    const unknown = await t.request(
      'GET',
      `${SETTINGS}/payout/resolve?bankCode=058&accountNumber=0000000000`,
      { token: organiser },
    );
    expect(unknown.status).toBe(400);
    const saved = await t.request('PUT', `${SETTINGS}/payout`, {
      token: organiser,
      body: {
        bankName: 'Guaranty Trust Bank',
        bankCode: '058',
        accountNumber: '0123456789',
        accountName,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.payout.verified).toBe(true);
  });

  it('takes a bank transfer on its labelled page, confirms it by webhook, refunds it, and settles the next morning', async () => {
    const event = await givenPublishedEvent(t, organiser, {}, [{ price: 5000, capacity: 10 }]);
    const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes;
    const created = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0].id, quantity: 1 }],
      buyer: paystackBuyer(),
    });
    expect(created.status, created.text).toBe(201);
    const order = created.body.data.order as { id: string; orderCode: string };
    const headers = { 'x-order-token': created.body.data.accessToken as string };

    const chosen = await t.post(
      `${ORDERS}/${order.id}/pay`,
      { method: 'paystack', channel: 'bank_transfer' },
      { headers },
    );
    expect(chosen.status, chosen.text).toBe(200);
    const redirect = new URL(chosen.body.data.redirectUrl as string);
    expect(redirect.pathname).toMatch(/^\/api\/v1\/paystack-sandbox\/checkout\/[0-9a-f]{10}$/);

    const page = await t.request('GET', redirect.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Paystack sandbox — no real money');
    expect(page.text).toContain('Pay with bank transfer');
    expect(page.text).toContain('₦5,330.00');

    const paid = await t.request('POST', redirect.pathname, {
      payload: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(303);
    const back = new URL(String(paid.headers.location));
    expect(back.pathname).toBe('/checkout/return');
    const reference = back.searchParams.get('reference')!;
    expect(back.searchParams.get('trxref')).toBe(reference);

    // Confirmed by the signed webhook the sandbox sent, before the buyer is even back.
    const view = await t.request('GET', `${ORDERS}/${order.id}`, { headers });
    expect(view.body.data.status).toBe('completed');
    const payment = await t.db
      .selectFrom('payments')
      .select(['channel', 'outcome', 'subaccount_code'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ channel: 'bank_transfer', outcome: 'completed' });
    expect(payment.subaccount_code).toMatch(/^ACCT_/);
    // The return's verify agrees, and a second press on the page changes nothing.
    const verified = await t.post(
      `${ORDERS}/${order.id}/verify-payment`,
      { reference },
      { headers },
    );
    expect(verified.status, verified.text).toBe(200);
    const again = await t.request('POST', redirect.pathname, {
      payload: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(303);
    expect(String(again.headers.location)).toBe(redirect.pathname);

    // Today's payment is not settled yet; paid yesterday, the next morning's settlement pays it.
    let ledger = await t.request('GET', LEDGER, { token: organiser });
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.body.data.lines).toEqual([
      expect.objectContaining({
        kind: 'payment',
        orderCode: order.orderCode,
        settlement: 'not_settled',
      }),
    ]);
    await withSandboxState(t.db, (state) => {
      state.transactions.get(reference)!.paidAt = new Date(
        Date.now() - 36 * 3_600_000,
      ).toISOString();
    });
    ledger = await t.request('GET', LEDGER, { token: organiser });
    expect(ledger.body.data.lines[0]).toMatchObject({ settlement: 'success', organiser: 5000 });

    const refunded = await t.post(
      `${API}/events/manage/orders/${order.id}/refund`,
      { reason: 'Cannot attend' },
      { token: organiser },
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.data.status).toBe('refunded');
    // The sandbox's refund.processed arrives a moment later, as Paystack's would.
    let refund: unknown;
    for (let i = 0; i < 40; i++) {
      refund = (await t.request('GET', `${ORDERS}/${order.id}`, { headers })).body.data.refund;
      if ((refund as { status?: string } | null)?.status === 'processed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(refund).toEqual({ status: 'processed', amount: 5330 });
    ledger = await t.request('GET', LEDGER, { token: organiser });
    expect(ledger.body.data.lines.map((l: { kind: string }) => l.kind)).toEqual([
      'payment',
      'refund',
    ]);
  }, 60_000);

  it('declines on request and sends the buyer back unpaid', async () => {
    const event = await givenPublishedEvent(t, organiser, {}, [{ price: 2000, capacity: 5 }]);
    const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes;
    const created = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0].id, quantity: 1 }],
      buyer: paystackBuyer(),
    });
    const headers = { 'x-order-token': created.body.data.accessToken as string };
    const id = created.body.data.order.id as string;
    const chosen = await t.post(
      `${ORDERS}/${id}/pay`,
      { method: 'paystack', channel: 'card' },
      { headers },
    );
    const path = new URL(chosen.body.data.redirectUrl as string).pathname;
    expect((await t.request('GET', path)).text).toContain('Pay with card');
    const declined = await t.request('POST', path, {
      payload: 'outcome=decline',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(declined.status).toBe(303);
    const reference = new URL(String(declined.headers.location)).searchParams.get('reference')!;
    const verified = await t.post(`${ORDERS}/${id}/verify-payment`, { reference }, { headers });
    expect(verified.status).toBe(402);
    expect((await t.request('GET', `${ORDERS}/${id}`, { headers })).body.data.status).toBe(
      'pending',
    );
    // A page that does not exist is the sandbox's 404.
    expect((await t.request('GET', `${PAGE}/ffffffffff`)).status).toBe(404);
  }, 60_000);
});

describe('the seeded demo with the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    const c = loadConfig({ PAYSTACK_SANDBOX: 'true', PAYMENTS_TEST_MODE: 'true' });
    t = await startTestApp({
      paymentsTestMode: true,
      paystackSandbox: true,
      paystackSecretKey: c.paystackSecretKey,
      paystackBaseUrl: c.paystackBaseUrl,
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows a payout ledger with settled lines and a CSV with rows, and a verified payout account', async () => {
    const result = await seed(t.db);
    expect(result.paystack).toBeGreaterThanOrEqual(10);
    const login = await t.post(`${API}/auth/user/login`, {
      phoneNumber: DEMO_ORGANISER.phoneNumber,
      password: DEMO_ORGANISER.password,
    });
    expect(login.status, login.text).toBe(200);
    const token = login.body.data.token as string;

    const settings = await t.request('GET', SETTINGS, { token });
    expect(settings.body.data.payout).toMatchObject({
      bankCode: '058',
      accountName: 'FOLAKE ADEYEMI EVENTS',
      verified: true,
    });
    const ledger = await t.request('GET', `${LEDGER}`, { token });
    expect(ledger.status, ledger.text).toBe(200);
    const lines = ledger.body.data.lines as { kind: string; settlement: string; channel: string }[];
    expect(lines.length).toBe(result.paystack);
    // Sales of past days are settled the next morning; only today's may still wait.
    expect(lines.filter((l) => l.settlement === 'success').length).toBeGreaterThanOrEqual(
      lines.length - 3,
    );
    expect(new Set(lines.map((l) => l.channel))).toEqual(new Set(['card', 'bank_transfer']));
    const csv = await t.request('GET', `${LEDGER}.csv`, { token });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n').length).toBe(result.paystack + 1);
  }, 600_000);
});
