import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { type FakePaystack } from '../../../test/paystack-fake.ts';
import {
  paystackBuyer,
  pendingPaystackOrder,
  startPaystackWorld,
  type PaystackWorld,
} from '../../../test/paystack-world.ts';

/**
 * Paystack, end to end over HTTP: the app talks to a local stand-in that follows Paystack's
 * documented API (test/paystack-fake.ts), since Paystack itself cannot be reached here.
 */
const ORDERS = `${API}/orders`;
const WEBHOOK = `${API}/payments/paystack/webhook`;

let world: PaystackWorld;
let paystack: FakePaystack;
let t: TestApp;

beforeAll(async () => {
  world = await startPaystackWorld();
  ({ t, paystack } = world);
});
afterAll(async () => {
  await world?.close();
});

const buyer = paystackBuyer;

/** A pending ₦5,000 order (₦5,325 with the fee), its token and ticket type. */
const pendingOrder = (capacity = 10) => pendingPaystackOrder(world, capacity);

async function payWithPaystack(o: Awaited<ReturnType<typeof pendingOrder>>) {
  const res = await t.post(
    `${ORDERS}/${o.order.id}/pay`,
    { method: 'paystack' },
    { headers: o.headers },
  );
  expect(res.status, res.text).toBe(200);
  const reference = [...paystack.transactions.values()].find(
    (tx) => (tx.metadata as { order_id?: string }).order_id === o.order.id,
  )?.reference;
  expect(reference).toBeDefined();
  return { res, reference: reference! };
}

const webhook = (body: string, signature?: string) =>
  t.request('POST', WEBHOOK, {
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined ? { 'x-paystack-signature': signature } : {}),
    },
  });

async function orderRow(id: string) {
  return t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function history(orderId: string) {
  return t.db
    .selectFrom('order_history')
    .select(['kind', 'detail'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

async function soldOf(ticketTypeId: string): Promise<number> {
  const row = await t.db
    .selectFrom('ticket_types')
    .select('sold')
    .where('id', '=', ticketTypeId)
    .executeTakeFirstOrThrow();
  return row.sold;
}

const mailsOf = async (email: string, kind: string) =>
  (await t.mailsTo(email)).filter((m) => m.kind === kind);

describe('paying with Paystack', () => {
  it('is offered when PAYSTACK_SECRET_KEY is set', async () => {
    const res = await t.request('GET', `${API}/payments/methods`);
    expect(res.status).toBe(200);
    expect(res.body.data.methods).toEqual(['test', 'offline', 'paystack']);
  });

  it('initializes with the amount in kobo, redirects, and confirms the order when verified on return', async () => {
    const o = await pendingOrder();
    expect(o.order.totalPrice).toBe(5330); // ₦5,000 + 4.5 % + ₦100 = ₦5,325, fee rounded up to a multiple of ₦10
    const { res, reference } = await payWithPaystack(o);

    // What Paystack was asked, as its docs describe the call.
    const init = paystack.requests.find(
      (r) =>
        r.path === '/transaction/initialize' &&
        (r.body as { reference?: string }).reference === reference,
    )!;
    expect(init.method).toBe('POST');
    expect(init.authorization).toBe(`Bearer ${paystack.secretKey}`);
    expect(init.body).toMatchObject({
      email: o.order.email,
      amount: '533000',
      currency: 'NGN',
      callback_url: `${t.config.publicUrl}/checkout/return?order=${o.order.id}`,
      metadata: { order_id: o.order.id, order_code: o.order.orderCode },
    });
    expect(reference).toMatch(new RegExp(`^gp-${o.order.orderCode}-[0-9a-f]{12}$`));
    expect(res.body.data.redirectUrl).toMatch(/^https:\/\/checkout\.paystack\.com\/[0-9a-f]+$/);
    expect(res.body.data).toMatchObject({ status: 'pending', paymentMethod: 'paystack' });

    // Back before paying (the buyer closed Paystack's page): nothing is confirmed.
    const early = await t.post(
      `${ORDERS}/${o.order.id}/verify-payment`,
      { reference },
      { headers: o.headers },
    );
    expect(early.status, early.text).toBe(409);
    expect((await orderRow(o.order.id)).status).toBe('pending');

    paystack.pay(reference);
    const back = await t.post(
      `${ORDERS}/${o.order.id}/verify-payment`,
      { reference },
      { headers: o.headers },
    );
    expect(back.status, back.text).toBe(200);
    expect(back.body.data).toMatchObject({
      status: 'completed',
      paymentMethod: 'paystack',
      needsRefund: false,
    });
    expect(back.body.message).toBe('Payment received. Your tickets are confirmed.');
    expect(
      paystack.requests.some(
        (r) => r.method === 'GET' && r.path === `/transaction/verify/${reference}`,
      ),
    ).toBe(true);
    const row = await orderRow(o.order.id);
    expect(row.payment_ref).toBe(reference);
    expect(await mailsOf(o.order.email, 'order-confirmation')).toHaveLength(1);
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'success',
      outcome: 'completed',
      amount_kobo: 533_000,
      currency: 'NGN',
    });

    // The return reloaded (or the webhook after it): the order is already settled.
    const again = await t.post(
      `${ORDERS}/${o.order.id}/verify-payment`,
      {},
      { headers: o.headers },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('completed');
    expect((await history(o.order.id)).filter((h) => h.kind === 'paid')).toHaveLength(1);
    expect(await mailsOf(o.order.email, 'order-confirmation')).toHaveLength(1);
  });

  it('leaves the order pending when Paystack says the payment failed', async () => {
    const o = await pendingOrder();
    const { reference } = await payWithPaystack(o);
    paystack.decline(reference);
    const res = await t.post(
      `${ORDERS}/${o.order.id}/verify-payment`,
      { reference },
      { headers: o.headers },
    );
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_FAILED' });
    expect((await orderRow(o.order.id)).status).toBe('pending');
    const payment = await t.db
      .selectFrom('payments')
      .select('status')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('failed');
  });

  it('answers 502 with a readable sentence when Paystack is down, and holds nothing more', async () => {
    const o = await pendingOrder();
    paystack.down = true;
    try {
      const res = await t.post(
        `${ORDERS}/${o.order.id}/pay`,
        { method: 'paystack' },
        { headers: o.headers },
      );
      expect(res.status).toBe(502);
      expect(res.body.error).toBe(
        'We could not reach the payment provider. You have not been charged; please try again.',
      );
    } finally {
      paystack.down = false;
    }
    expect((await orderRow(o.order.id)).status).toBe('pending');
    expect(await soldOf(o.ticketTypeId)).toBe(1);
  });

  it("refuses a verify with another order's token or reference", async () => {
    const a = await pendingOrder();
    const b = await pendingOrder();
    const { reference } = await payWithPaystack(a);
    paystack.pay(reference);
    expect(
      (
        await t.post(
          `${ORDERS}/${a.order.id}/verify-payment`,
          { reference },
          { headers: b.headers },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.post(
          `${ORDERS}/${b.order.id}/verify-payment`,
          { reference },
          { headers: b.headers },
        )
      ).status,
    ).toBe(404);
    expect((await orderRow(a.order.id)).status).toBe('pending');
  });
});

describe("Paystack's webhook", () => {
  it('refuses a missing, malformed or wrong signature with 401 and changes nothing', async () => {
    const o = await pendingOrder();
    const { reference } = await payWithPaystack(o);
    paystack.pay(reference);
    const { body, signature } = paystack.webhook(reference);

    expect((await webhook(body)).status).toBe(401);
    expect((await webhook(body, 'not-hex')).status).toBe(401);
    const wrongKey = (await import('node:crypto'))
      .createHmac('sha512', 'sk_test_wrong')
      .update(body)
      .digest('hex');
    expect((await webhook(body, wrongKey)).status).toBe(401);
    // The right signature of other bytes: the body was changed in transit.
    const tampered = body.replace('"amount":533000', '"amount":100');
    expect(tampered).not.toBe(body);
    const res = await webhook(tampered, signature);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: 'UNAUTHORIZED',
      error: 'The webhook signature is not valid.',
    });

    expect((await orderRow(o.order.id)).status).toBe('pending');
    const payment = await t.db
      .selectFrom('payments')
      .select('status')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('initialized');
  });

  it('confirms the order on a signed charge.success, and the same event twice changes nothing', async () => {
    const o = await pendingOrder();
    const { reference } = await payWithPaystack(o);
    paystack.pay(reference);
    const { body, signature } = paystack.webhook(reference);

    const first = await webhook(body, signature);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ data: { received: true } });
    const after = await orderRow(o.order.id);
    expect(after).toMatchObject({
      status: 'completed',
      payment_method: 'paystack',
      payment_ref: reference,
      needs_refund: false,
    });
    const snapshot = {
      order: after,
      history: await history(o.order.id),
      mails: await t.mailsTo(o.order.email),
      sold: await soldOf(o.ticketTypeId),
    };

    // Paystack retries deliveries; both copies may even arrive at once.
    const repeats = await Promise.all([webhook(body, signature), webhook(body, signature)]);
    expect(repeats.map((r) => r.status)).toEqual([200, 200]);
    // And the buyer's return after it.
    expect(
      (
        await t.post(
          `${ORDERS}/${o.order.id}/verify-payment`,
          { reference },
          { headers: o.headers },
        )
      ).status,
    ).toBe(200);

    expect(await orderRow(o.order.id)).toEqual(snapshot.order);
    expect(await history(o.order.id)).toEqual(snapshot.history);
    expect((await t.mailsTo(o.order.email)).map((m) => m.id)).toEqual(
      snapshot.mails.map((m) => m.id),
    );
    expect(await soldOf(o.ticketTypeId)).toBe(snapshot.sold);
  });

  it('acknowledges events it does not act on and references it does not know', async () => {
    const other = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    expect((await webhook(other, paystack.sign(other))).status).toBe(200);
    const unknown = JSON.stringify({
      event: 'charge.success',
      data: { status: 'success', reference: 'not-ours-123', amount: 100, currency: 'NGN' },
    });
    expect((await webhook(unknown, paystack.sign(unknown))).status).toBe(200);
    const broken = '{"event":';
    expect((await webhook(broken, paystack.sign(broken))).status).toBe(400);
  });

  it('does not confirm an order for a different amount or currency: it is flagged for refund', async () => {
    for (const override of [{ amount: 100 }, { currency: 'GHS' }]) {
      const o = await pendingOrder();
      const { reference } = await payWithPaystack(o);
      paystack.pay(reference);
      const { body, signature } = paystack.webhook(reference, override);
      expect((await webhook(body, signature)).status).toBe(200);
      const row = await orderRow(o.order.id);
      expect(row).toMatchObject({ status: 'pending', needs_refund: true });
      expect((await history(o.order.id)).map((h) => h.kind)).toContain('payment_mismatch');
      expect(await mailsOf(o.order.email, 'order-confirmation')).toHaveLength(0);
      const back = await t.post(
        `${ORDERS}/${o.order.id}/verify-payment`,
        { reference },
        { headers: o.headers },
      );
      expect(back.body.data).toMatchObject({ status: 'pending', needsRefund: true });
      expect(back.body.message).toBe(
        'We received your payment but could not confirm this order with it. You will be refunded in full.',
      );
    }
  });
});

describe('a payment that arrives after its hold expired', () => {
  /** Runs the hold out now, as 15 minutes would, and lets the sweeper release it. */
  async function expire(orderId: string) {
    await t.db
      .updateTable('orders')
      .set({ reserved_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', orderId)
      .execute();
    expect(await t.app.services.orders.holds.expireHolds()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderId)).status).toBe('expired');
  }

  it('is flagged for refund, never oversold, when the tickets are gone', async () => {
    const late = await pendingOrder(1);
    const { reference } = await payWithPaystack(late);
    await expire(late.order.id);
    // Someone else takes the last ticket.
    const other = await t.post(ORDERS, {
      eventId: late.event.id,
      items: [{ ticketTypeId: late.ticketTypeId, quantity: 1 }],
      buyer: buyer(),
    });
    expect(other.status, other.text).toBe(201);
    expect(await soldOf(late.ticketTypeId)).toBe(1);

    paystack.pay(reference);
    const { body, signature } = paystack.webhook(reference);
    expect((await webhook(body, signature)).status).toBe(200);

    expect(await soldOf(late.ticketTypeId)).toBe(1);
    const row = await orderRow(late.order.id);
    expect(row).toMatchObject({ status: 'expired', needs_refund: true, payment_ref: reference });
    const entry = (await history(late.order.id)).find((h) => h.kind === 'late_payment');
    expect(entry?.detail).toMatch(/sold out.*Refund the buyer/);
    expect(await mailsOf(late.order.email, 'order-confirmation')).toHaveLength(0);
    const told = await mailsOf(late.order.email, 'order-late-payment');
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toContain('refund');
    const payment = await t.db
      .selectFrom('payments')
      .select(['status', 'outcome'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'success', outcome: 'needs_refund' });

    // The buyer sees it too, and the door does not let the order in.
    const seen = await t.request('GET', `${ORDERS}/${late.order.id}`, { headers: late.headers });
    expect(seen.body.data).toMatchObject({ status: 'expired', needsRefund: true });
    const back = await t.post(
      `${ORDERS}/${late.order.id}/verify-payment`,
      { reference },
      { headers: late.headers },
    );
    expect(back.status).toBe(200);
    expect(back.body.message).toMatch(/refunded in full/);

    // The same webhook again flags nothing twice.
    expect((await webhook(body, signature)).status).toBe(200);
    expect((await history(late.order.id)).filter((h) => h.kind === 'late_payment')).toHaveLength(1);
    expect(await mailsOf(late.order.email, 'order-late-payment')).toHaveLength(1);
  });

  it('takes the tickets again and confirms the order when they are still there', async () => {
    const late = await pendingOrder(5);
    const { reference } = await payWithPaystack(late);
    await expire(late.order.id);
    expect(await soldOf(late.ticketTypeId)).toBe(0);

    paystack.pay(reference);
    const back = await t.post(
      `${ORDERS}/${late.order.id}/verify-payment`,
      { reference },
      { headers: late.headers },
    );
    expect(back.status, back.text).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'completed', needsRefund: false });
    expect(await soldOf(late.ticketTypeId)).toBe(1);
    expect((await history(late.order.id)).map((h) => h.kind)).toContain('late_payment');
    expect(await mailsOf(late.order.email, 'order-confirmation')).toHaveLength(1);
  });

  it('confirms a pending order whose hold ran out before the sweeper released it', async () => {
    const o = await pendingOrder(1);
    const { reference } = await payWithPaystack(o);
    await t.db
      .updateTable('orders')
      .set({ reserved_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', o.order.id)
      .execute();
    paystack.pay(reference);
    const { body, signature } = paystack.webhook(reference);
    expect((await webhook(body, signature)).status).toBe(200);
    expect((await orderRow(o.order.id)).status).toBe('completed');
    expect(await soldOf(o.ticketTypeId)).toBe(1);
    // The sweeper finds nothing to release afterwards.
    await t.app.services.orders.holds.expireHolds();
    expect((await orderRow(o.order.id)).status).toBe('completed');
    expect(await soldOf(o.ticketTypeId)).toBe(1);
  });
});

describe('without PAYSTACK_SECRET_KEY', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => plain?.close());

  it('offers the TEST provider and offline payment only, and has no webhook', async () => {
    expect((await plain.request('GET', `${API}/payments/methods`)).body.data.methods).toEqual([
      'test',
      'offline',
    ]);
    const body = JSON.stringify({ event: 'charge.success', data: {} });
    expect(
      (
        await plain.request('POST', WEBHOOK, {
          payload: body,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(404);
  });
});
