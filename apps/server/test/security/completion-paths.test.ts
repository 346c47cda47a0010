import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../event-factories.ts';
import { API, startTestApp, type Reply, type TestApp } from '../helper.ts';
import { buyer, givenEventWithTypes, givenOrganiser } from '../organiser-factories.ts';
import { startFakePaystack, type FakePaystack } from '../paystack-fake.ts';
import { givenPayoutAccount } from '../paystack-world.ts';
import { pdfText } from '../ticket-files.ts';

/**
 * Issue 16 §1: every way an order can become completed, in every configuration of the
 * payment providers. Only the intended way completes a paid order: the TEST provider only
 * in test mode (PAYMENTS_TEST_MODE), Paystack's verify, webhook and late payment only with
 * PAYSTACK_SECRET_KEY, the organiser's mark-paid and free orders always. Each refusal is a
 * 4xx with a sentence, and the order stays unpaid with no confirmation mailed.
 */
const ORDERS = `${API}/orders`;
const MANAGE_ORDERS = `${MANAGE}/orders`;
const WEBHOOK = `${API}/payments/paystack/webhook`;

interface Configuration {
  name: string;
  testMode: boolean;
  paystack: boolean;
}

const CONFIGURATIONS: Configuration[] = [
  { name: 'test mode on, Paystack configured', testMode: true, paystack: true },
  { name: 'test mode on, no Paystack', testMode: true, paystack: false },
  { name: 'test mode off, Paystack configured', testMode: false, paystack: true },
  { name: 'test mode off, no Paystack', testMode: false, paystack: false },
];

interface World extends Configuration {
  t: TestApp;
  organiser: string;
}

interface Pending {
  id: string;
  email: string;
  headers: { 'x-order-token': string };
  eventId: string;
}

type Path = (w: World, fake: FakePaystack) => Promise<{ orderId: string; email: string }>;

/**
 * The ways to complete an order, each played as a buyer (or the organiser) would, and
 * which configurations may complete it. `expect4xx` checks each refused step says why.
 */
const PATHS: { name: string; completes: (c: Configuration) => boolean; play: Path }[] = [
  {
    name: 'free order',
    completes: () => true,
    play: async (w) => {
      const o = await order(w, 0);
      return { orderId: o.id, email: o.email };
    },
  },
  {
    name: 'TEST provider',
    completes: (c) => c.testMode,
    play: async (w) => {
      const o = await order(w);
      const chosen = await w.t.post(`${ORDERS}/${o.id}/pay`, { method: 'test' }, o);
      if (!w.testMode) {
        expect4xx(chosen, 400, /TEST payments are turned off/);
        // Even an order that chose TEST earlier (e.g. before a restart without test mode)
        // cannot be completed by it.
        await w.t.db
          .updateTable('orders')
          .set({ payment_method: 'test' })
          .where('id', '=', o.id)
          .execute();
      } else expect(chosen.status, chosen.text).toBe(200);
      const paid = await w.t.post(`${ORDERS}/${o.id}/test-payment`, { outcome: 'success' }, o);
      if (!w.testMode) expect4xx(paid, 400, /TEST payments are turned off/);
      return { orderId: o.id, email: o.email };
    },
  },
  {
    name: 'offline, marked paid by the organiser',
    completes: () => true,
    play: async (w) => {
      const o = await order(w);
      const chosen = await w.t.post(`${ORDERS}/${o.id}/pay`, { method: 'offline' }, o);
      expect(chosen.status, chosen.text).toBe(200);
      const marked = await w.t.post(
        `${MANAGE_ORDERS}/${o.id}/mark-paid`,
        {},
        { token: w.organiser },
      );
      expect(marked.status, marked.text).toBe(200);
      return { orderId: o.id, email: o.email };
    },
  },
  {
    name: 'Paystack, verified on the return',
    completes: (c) => c.paystack,
    play: async (w, fake) => {
      const o = await order(w);
      const reference = await startPaystack(w, o, fake);
      if (reference) fake.pay(reference);
      const verified = await w.t.post(
        `${ORDERS}/${o.id}/verify-payment`,
        reference ? { reference } : {},
        o,
      );
      if (w.paystack) expect(verified.status, verified.text).toBe(200);
      else expect4xx(verified, 404, /No Paystack payment/);
      return { orderId: o.id, email: o.email };
    },
  },
  {
    name: 'Paystack, signed webhook',
    completes: (c) => c.paystack,
    play: async (w, fake) => {
      const o = await order(w);
      const reference = (await startPaystack(w, o, fake)) ?? `gp-forged-${o.id}`;
      if (w.paystack) fake.pay(reference);
      const { body, signature } = webhookFor(fake, reference);
      const hooked = await webhook(w, body, signature);
      if (w.paystack) expect(hooked.status, hooked.text).toBe(200);
      else expect4xx(hooked, 404, /Paystack is not enabled/);
      return { orderId: o.id, email: o.email };
    },
  },
  {
    name: 'late payment (Paystack webhook after the hold expired, tickets still there)',
    completes: (c) => c.paystack,
    play: async (w, fake) => {
      const o = await order(w);
      const reference = (await startPaystack(w, o, fake)) ?? `gp-forged-${o.id}`;
      await expire(w, o.id);
      if (w.paystack) fake.pay(reference);
      const { body, signature } = webhookFor(fake, reference);
      const hooked = await webhook(w, body, signature);
      if (w.paystack) expect(hooked.status, hooked.text).toBe(200);
      else expect4xx(hooked, 404, /Paystack is not enabled/);
      return { orderId: o.id, email: o.email };
    },
  },
  {
    name: 'late payment through TEST or mark-paid (after the hold expired)',
    completes: () => false,
    play: async (w) => {
      const o = await order(w);
      const chosen = await w.t.post(
        `${ORDERS}/${o.id}/pay`,
        { method: w.testMode ? 'test' : 'offline' },
        o,
      );
      expect(chosen.status, chosen.text).toBe(200);
      await expire(w, o.id);
      const paid = await w.t.post(`${ORDERS}/${o.id}/test-payment`, { outcome: 'success' }, o);
      if (w.testMode) expect4xx(paid, 409, /hold on these tickets has expired/);
      else expect4xx(paid, 400, /TEST payments are turned off/);
      const marked = await w.t.post(
        `${MANAGE_ORDERS}/${o.id}/mark-paid`,
        {},
        { token: w.organiser },
      );
      expect4xx(marked, 409, /Only orders awaiting payment can be marked paid/);
      return { orderId: o.id, email: o.email };
    },
  },
];

function expect4xx(res: Reply, status: number, sentence: RegExp) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error).toMatch(sentence);
  expect(res.body.error).toMatch(/\.$/);
}

/** A new event of the world's organiser and one order of one ticket on it (₦0 = free). */
async function order(w: World, price = 5000): Promise<Pending> {
  // Offline payment is the organiser's choice per event (decision 025): these events take it.
  const { event, types } = await givenEventWithTypes(w.t, w.organiser, [{ price, capacity: 10 }], {
    offlinePayment: true,
  });
  const res = await w.t.post(ORDERS, {
    eventId: event.id,
    items: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
    buyer: buyer(),
  });
  expect(res.status, res.text).toBe(201);
  return {
    id: res.body.data.order.id,
    email: res.body.data.order.email,
    headers: { 'x-order-token': res.body.data.accessToken },
    eventId: event.id,
  };
}

/** Chooses Paystack: its reference where it is offered, undefined (after a 400) where not. */
async function startPaystack(w: World, o: Pending, fake: FakePaystack) {
  const chosen = await w.t.post(`${ORDERS}/${o.id}/pay`, { method: 'paystack' }, o);
  if (!w.paystack) {
    expect4xx(chosen, 400, /Paying with Paystack is not available here/);
    return undefined;
  }
  expect(chosen.status, chosen.text).toBe(200);
  return [...fake.transactions.values()].find(
    (tx) => (tx.metadata as { order_id?: string }).order_id === o.id,
  )!.reference;
}

/** A charge.success for the reference, signed with the stand-in's key (the app's, if any). */
function webhookFor(fake: FakePaystack, reference: string) {
  if (fake.transactions.has(reference)) return fake.webhook(reference);
  // No transaction to replay: a forged one for the order's amount, signed with a key.
  const body = JSON.stringify({
    event: 'charge.success',
    data: { reference, status: 'success', amount: 532_500, currency: 'NGN', id: 1, metadata: {} },
  });
  return { body, signature: fake.sign(body) };
}

const webhook = (w: World, body: string, signature: string) =>
  w.t.request('POST', WEBHOOK, {
    payload: body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
  });

/** Runs the hold out now, as 15 minutes would, and lets the sweeper release it. */
async function expire(w: World, orderId: string) {
  await w.t.db
    .updateTable('orders')
    .set({ reserved_until: sql<Date>`now() - interval '1 second'` })
    .where('id', '=', orderId)
    .execute();
  await w.t.app.services.orders.holds.expireHolds();
}

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack();
});
afterAll(async () => {
  await fake?.close();
});

describe.each(CONFIGURATIONS)('$name', (configuration) => {
  let w: World;
  beforeAll(async () => {
    const t = await startTestApp({
      paymentsTestMode: configuration.testMode,
      paystackSecretKey: configuration.paystack ? fake.secretKey : undefined,
      paystackBaseUrl: fake.baseUrl,
    });
    w = { ...configuration, t, organiser: (await givenOrganiser(t)).token };
    // Paystack settles to the organiser's subaccount: no payout account, no Paystack.
    if (configuration.paystack) await givenPayoutAccount(t, w.organiser, fake);
  }, 180_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('offers exactly the ways to pay this configuration allows', async () => {
    const res = await w.t.request('GET', `${API}/payments/methods`);
    expect(res.status).toBe(200);
    expect(res.body.data.methods).toEqual([
      ...(configuration.testMode ? ['test'] : []),
      'offline',
      ...(configuration.paystack ? ['paystack'] : []),
    ]);
  });

  it.each(PATHS)('$name', async (path) => {
    const completes = path.completes(configuration);
    const { orderId, email } = await path.play(w, fake);
    const row = await w.t.db
      .selectFrom('orders')
      .select(['status', 'paid_at', 'payment_method'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const confirmations = (await w.t.mailsTo(email)).filter((m) => m.kind === 'order-confirmation');
    if (completes) {
      expect(row.status).toBe('completed');
      expect(row.paid_at).not.toBeNull();
      expect(confirmations).toHaveLength(1);
    } else {
      expect(row.status).not.toBe('completed');
      expect(row.paid_at).toBeNull();
      expect(confirmations).toHaveLength(0);
    }
  });
});

/**
 * Issue 16 §4: a pending order can no longer be paid once its event is cancelled. New
 * payments are refused with a sentence; Paystack money that still arrives (the buyer paid
 * before the cancellation reached them) completes nothing, tells the buyer a refund is
 * coming, and waits, flagged, for the organiser's Refund action.
 */
describe("a cancelled event's pending orders", () => {
  let w: World;
  beforeAll(async () => {
    const t = await startTestApp({
      paymentsTestMode: true,
      paystackSecretKey: fake.secretKey,
      paystackBaseUrl: fake.baseUrl,
    });
    w = { name: 'cancelled', testMode: true, paystack: true, t, organiser: '' };
    w.organiser = (await givenOrganiser(t)).token;
    await givenPayoutAccount(t, w.organiser, fake);
  }, 180_000);
  afterAll(async () => {
    await w?.t.close();
  });

  const cancelEvent = async (eventId: string) => {
    const res = await w.t.post(
      `${MANAGE}/${eventId}/cancel`,
      { reason: 'The venue flooded.' },
      { token: w.organiser },
    );
    expect(res.status, res.text).toBe(200);
  };
  const row = (id: string) =>
    w.t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const kindsOf = async (id: string) =>
    (
      await w.t.db
        .selectFrom('order_history')
        .select('kind')
        .where('order_id', '=', id)
        .orderBy('created_at')
        .execute()
    ).map((h) => h.kind);
  const mailKinds = async (email: string) => (await w.t.mailsTo(email)).map((m) => m.kind);

  it('refuses every new payment: TEST, offline, Paystack and the organiser marking it paid', async () => {
    const o = await order(w);
    const chosenTest = await order(w);
    expect(
      (await w.t.post(`${ORDERS}/${chosenTest.id}/pay`, { method: 'test' }, chosenTest)).status,
    ).toBe(200);
    await cancelEvent(o.eventId);
    await cancelEvent(chosenTest.eventId);

    for (const method of ['test', 'offline', 'paystack']) {
      const res = await w.t.post(`${ORDERS}/${o.id}/pay`, { method }, o);
      expect4xx(res, 409, /This event has been cancelled, so its orders can no longer be paid/);
      expect(res.body.code).toBe('EVENT_CANCELLED');
    }
    const paid = await w.t.post(
      `${ORDERS}/${chosenTest.id}/test-payment`,
      { outcome: 'success' },
      chosenTest,
    );
    expect4xx(paid, 409, /can no longer be paid/);
    const marked = await w.t.post(`${MANAGE_ORDERS}/${o.id}/mark-paid`, {}, { token: w.organiser });
    expect4xx(marked, 409, /can no longer be marked paid/);
    const detail = await w.t.request('GET', `${MANAGE_ORDERS}/${o.id}`, { token: w.organiser });
    expect(detail.body.data.actions.markPaid).toBe(false);

    expect(
      [...fake.transactions.values()].filter(
        (tx) => (tx.metadata as { order_id?: string }).order_id === o.id,
      ),
    ).toHaveLength(0); // Paystack never heard of it
    for (const id of [o.id, chosenTest.id]) {
      expect(await row(id)).toMatchObject({ status: 'pending', paid_at: null });
    }
    expect(await mailKinds(o.email)).not.toContain('order-confirmation');
  });

  it.each(['verify', 'webhook'] as const)(
    'Paystack money arriving by %s after the cancellation completes nothing and is flagged for refund',
    async (how) => {
      const o = await order(w);
      const reference = (await startPaystack(w, o, fake))!;
      fake.pay(reference); // the buyer paid on Paystack's page …
      await cancelEvent(o.eventId); // … while the organiser cancelled the event

      if (how === 'verify') {
        const res = await w.t.post(`${ORDERS}/${o.id}/verify-payment`, { reference }, o);
        expect(res.status, res.text).toBe(200);
        expect(res.body.data).toMatchObject({ status: 'cancelled', needsRefund: true });
        expect(res.body.message).not.toMatch(/confirmed/);
        expect(res.body.message).toMatch(/refunded in full/);
      } else {
        const { body, signature } = fake.webhook(reference);
        expect((await webhook(w, body, signature)).status).toBe(200);
      }

      expect(await row(o.id)).toMatchObject({
        status: 'cancelled',
        needs_refund: true,
        paid_at: null,
        payment_ref: reference,
      });
      expect(await kindsOf(o.id)).toContain('event_cancelled');
      const kinds = await mailKinds(o.email);
      expect(kinds).not.toContain('order-confirmation');
      expect(kinds).toContain('order-payment-event-cancelled');
      const told = (await w.t.mailsTo(o.email)).find(
        (m) => m.kind === 'order-payment-event-cancelled',
      )!;
      expect(told.text_body).toMatch(/has been cancelled by its organiser/);
      expect(told.text_body).toMatch(/refund your payment in full/);

      // The organiser sees it and refunds it through Paystack's Refund API (decision 017).
      const detail = await w.t.request('GET', `${MANAGE_ORDERS}/${o.id}`, {
        token: w.organiser,
      });
      expect(detail.body.data).toMatchObject({ needsRefund: true, status: 'cancelled' });
      expect(detail.body.data.actions.refund).toBe(true);
      const entry = detail.body.data.history.find(
        (h: { kind: string }) => h.kind === 'event_cancelled',
      );
      expect(entry.detail).toMatch(/after the event was cancelled: no tickets\. Refund the buyer/);
      const refunded = await w.t.post(
        `${MANAGE_ORDERS}/${o.id}/refund`,
        {},
        { token: w.organiser },
      );
      expect(refunded.status, refunded.text).toBe(200);
      expect(fake.refunds.filter((r) => r.reference === reference)).toHaveLength(1);
      expect(await row(o.id)).toMatchObject({ status: 'cancelled', needs_refund: false });
    },
  );

  it('a late Paystack payment of an expired order of a cancelled event takes no tickets', async () => {
    const o = await order(w);
    const reference = (await startPaystack(w, o, fake))!;
    await expire(w, o.id);
    await cancelEvent(o.eventId);
    fake.pay(reference);
    const { body, signature } = fake.webhook(reference);
    expect((await webhook(w, body, signature)).status).toBe(200);
    expect(await row(o.id)).toMatchObject({ status: 'expired', needs_refund: true, paid_at: null });
    expect(await kindsOf(o.id)).toContain('event_cancelled');
    expect(await mailKinds(o.email)).not.toContain('order-confirmation');
  });
});

/**
 * Issue 16 §1: an order "paid" with the TEST provider says so wherever it appears — the
 * buyer's order, the mail and its PDF ticket, the organiser's list and detail, the door's
 * list — while a real payment says nothing of the kind.
 */
describe('an order paid with the TEST provider', () => {
  let w: World;
  beforeAll(async () => {
    const t = await startTestApp({ paymentsTestMode: true });
    w = { name: 'marked', testMode: true, paystack: false, t, organiser: '' };
    w.organiser = (await givenOrganiser(t)).token;
  }, 180_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('is marked test on the order, mail, PDF ticket, organiser views and door list', async () => {
    const test = await order(w);
    await w.t.post(`${ORDERS}/${test.id}/pay`, { method: 'test' }, test);
    const paid = await w.t.post(`${ORDERS}/${test.id}/test-payment`, { outcome: 'success' }, test);
    expect(paid.body.data).toMatchObject({ status: 'completed', testPayment: true });
    // A real (offline, marked paid) order of the same event, for contrast.
    const real = await w.t.post(ORDERS, {
      eventId: test.eventId,
      items: [
        {
          ticketTypeId: (await w.t.db
            .selectFrom('order_items')
            .select('ticket_type_id')
            .where('order_id', '=', test.id)
            .executeTakeFirstOrThrow())!.ticket_type_id,
          quantity: 1,
        },
      ],
      buyer: buyer(),
    });
    const realId = real.body.data.order.id as string;
    const realHeaders = { 'x-order-token': real.body.data.accessToken as string };
    await w.t.post(`${ORDERS}/${realId}/pay`, { method: 'offline' }, { headers: realHeaders });
    await w.t.post(`${MANAGE_ORDERS}/${realId}/mark-paid`, {}, { token: w.organiser });

    const seen = await w.t.request('GET', `${ORDERS}/${test.id}`, test);
    expect(seen.body.data.testPayment).toBe(true);
    expect(
      (await w.t.request('GET', `${ORDERS}/${realId}`, { headers: realHeaders })).body.data
        .testPayment,
    ).toBe(false);

    const mail = await w.t.latestMailTo(test.email, 'order-confirmation');
    expect(mail.subject).toMatch(/^\[TEST — not paid\] /);
    expect(mail.text_body).toMatch(/^TEST — not paid: paid with the TEST provider/);
    expect(mail.html_body).toContain('TEST — not paid');
    const realMail = await w.t.latestMailTo(real.body.data.order.email, 'order-confirmation');
    expect(realMail.subject).not.toContain('TEST');

    const pdf = await w.t.app.inject({
      url: `${ORDERS}/${test.id}/ticket.pdf`,
      headers: test.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('TEST — not paid');
    const realPdf = await w.t.app.inject({
      url: `${ORDERS}/${realId}/ticket.pdf`,
      headers: realHeaders,
    });
    expect(await pdfText(realPdf.rawPayload)).not.toContain('TEST');

    const list = await w.t.request('GET', `${MANAGE_ORDERS}?eventId=${test.eventId}`, {
      token: w.organiser,
    });
    expect(list.status, list.text).toBe(200);
    const byId = new Map(
      list.body.data.items.map((i: { id: string; testPayment: boolean }) => [i.id, i.testPayment]),
    );
    expect(byId.get(test.id)).toBe(true);
    expect(byId.get(realId)).toBe(false);
    const detail = await w.t.request('GET', `${MANAGE_ORDERS}/${test.id}`, { token: w.organiser });
    expect(detail.body.data).toMatchObject({ testPayment: true, payment: { method: 'test' } });

    const door = await w.t.request('GET', `${API}/ticketPurchase/event/${test.eventId}`, {
      token: w.organiser,
    });
    expect(door.status, door.text).toBe(200);
    const doorTest = door.body.data.find((o: { _id: string }) => o._id === test.id);
    const doorReal = door.body.data.find((o: { _id: string }) => o._id === realId);
    expect(doorTest).toMatchObject({ testPayment: true, orderCode: expect.any(String) });
    // A real order carries no test flag: the spec's fields and the ticket types only.
    expect(Object.keys(doorReal).sort()).toEqual(
      [
        '_id',
        'orderCode',
        'firstName',
        'lastName',
        'email',
        'totalPrice',
        'quantity',
        'attendedAt',
        // Beside the spec's fields, the banner's ticket types (decision 029).
        'ticketTypes',
      ].sort(),
    );
  });
});
