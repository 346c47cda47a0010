import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { givenUser, logIn, uniquePhone } from '../../../test/factories.ts';
import {
  EVENTS,
  givenPublishedEvent,
  type TicketTypeInput,
} from '../../../test/event-factories.ts';

const ORDERS = `${API}/orders`;

const buyer = (n = 1) => ({
  firstName: 'Chidi',
  lastName: `Okafor${n}`,
  email: `chidi.${n}.${Date.now()}@example.com`,
  // A buyer's own phone: orders and open holds are limited per buyer phone.
  phone: uniquePhone(),
});

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await logIn(t, await givenUser(t));
});
afterAll(() => t?.close());

async function eventWith(tickets: Partial<TicketTypeInput>[], overrides = {}) {
  const event = await givenPublishedEvent(t, token, overrides, tickets);
  const res = await t.request('GET', `${EVENTS}/${event.slug}`);
  expect(res.status, res.text).toBe(200);
  const types = res.body.data.ticketTypes as { id: string; name: string }[];
  return { event, types };
}

async function soldOf(ticketTypeId: string): Promise<number> {
  const row = await sql<{
    sold: number;
  }>`select sold from ticket_types where id = ${ticketTypeId}`.execute(t.db);
  return row.rows[0]!.sold;
}

/** An order by buyer `n`, from client address `ip` when given (the test default otherwise). */
function order(eventId: string, ticketTypeId: string, quantity = 1, n = 1, ip?: string) {
  return t.post(
    ORDERS,
    { eventId, items: [{ ticketTypeId, quantity }], buyer: buyer(n) },
    ip ? { ip } : {},
  );
}

describe('checkout', () => {
  it('completes a free order at once with an 8-digit code and mails the tickets', async () => {
    const { event, types } = await eventWith([{ name: 'Free entry', price: 0, capacity: 10 }]);
    const res = await order(event.id, types[0]!.id, 2);
    expect(res.status, res.text).toBe(201);
    const o = res.body.data.order;
    expect(o.status).toBe('completed');
    expect(o.orderCode).toMatch(/^\d{8}$/);
    expect(o.totalPrice).toBe(0);
    expect(o.quantity).toBe(2);
    expect(await soldOf(types[0]!.id)).toBe(2);
    const mail = await t.latestMailTo(o.email, 'order-confirmation');
    expect(mail.text_body).toContain(o.orderCode);
  });

  it("prices a paid order with the spec's fee passed to the buyer and holds it for 15 minutes", async () => {
    const { event, types } = await eventWith([{ name: 'Regular', price: 5000, capacity: 10 }]);
    const quote = await t.post(`${ORDERS}/quote`, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
    });
    expect(quote.status, quote.text).toBe(200);
    // 10,000 × 4.5 % = 450, + 100 = 550 (already a multiple of 10).
    expect(quote.body.data).toMatchObject({
      subtotal: 10_000,
      discount: 0,
      fee: 550,
      totalPrice: 10_550,
      feeMode: 'pass',
    });

    const res = await order(event.id, types[0]!.id, 2);
    expect(res.status, res.text).toBe(201);
    const o = res.body.data.order;
    expect(o).toMatchObject({ status: 'pending', subtotal: 10_000, fee: 550, totalPrice: 10_550 });
    const heldFor = new Date(o.reservedUntil).getTime() - Date.now();
    expect(heldFor).toBeGreaterThan(14 * 60_000);
    expect(heldFor).toBeLessThanOrEqual(15 * 60_000);
    expect(await soldOf(types[0]!.id)).toBe(2);
  });

  it('lets the organiser absorb the fee: the buyer pays the ticket price only', async () => {
    const { event, types } = await eventWith([{ price: 5000, capacity: 10 }], {
      feeMode: 'absorb',
    });
    const res = await order(event.id, types[0]!.id, 1);
    expect(res.body.data.order).toMatchObject({
      subtotal: 5000,
      fee: 330,
      totalPrice: 5000,
      feeMode: 'absorb',
    });
  });

  it('shows the order only to the browser holding its access token', async () => {
    const { event, types } = await eventWith([{ price: 0, capacity: 5 }]);
    const res = await order(event.id, types[0]!.id);
    const { order: o, accessToken } = res.body.data;
    expect((await t.request('GET', `${ORDERS}/${o.id}`)).status).toBe(404);
    expect(
      (await t.request('GET', `${ORDERS}/${o.id}`, { headers: { 'x-order-token': 'nope' } }))
        .status,
    ).toBe(404);
    const mine = await t.request('GET', `${ORDERS}/${o.id}`, {
      headers: { 'x-order-token': accessToken },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.orderCode).toBe(o.orderCode);
  });

  it('completes a paid order through the TEST provider, and a failed payment leaves it pending', async () => {
    const { event, types } = await eventWith([{ price: 2000, capacity: 5 }]);
    const { order: o, accessToken } = (await order(event.id, types[0]!.id)).body.data;
    const headers = { 'x-order-token': accessToken };
    const chosen = await t.post(`${ORDERS}/${o.id}/pay`, { method: 'test' }, { headers });
    expect(chosen.status, chosen.text).toBe(200);
    // One statement writes the choice and its history line (decision 049): both, once.
    expect(chosen.body.data).toMatchObject({
      id: o.id,
      orderCode: o.orderCode,
      status: 'pending',
      event: o.event,
    });
    const history = () =>
      t.db
        .selectFrom('order_history')
        .select(['kind', 'detail'])
        .where('order_id', '=', o.id)
        .orderBy('created_at')
        .execute();
    expect(await history()).toEqual([
      { kind: 'created', detail: expect.any(String) },
      { kind: 'payment_method', detail: 'Paying with the TEST provider' },
    ]);
    expect(
      (
        await t.db
          .selectFrom('orders')
          .select('payment_method')
          .where('id', '=', o.id)
          .executeTakeFirstOrThrow()
      ).payment_method,
    ).toBe('test');
    const failed = await t.post(
      `${ORDERS}/${o.id}/test-payment`,
      { outcome: 'failure' },
      { headers },
    );
    expect(failed.status).toBe(402);
    expect(failed.body.error).toMatch(/payment failed/i);
    expect((await t.request('GET', `${ORDERS}/${o.id}`, { headers })).body.data.status).toBe(
      'pending',
    );
    const paid = await t.post(
      `${ORDERS}/${o.id}/test-payment`,
      { outcome: 'success' },
      { headers },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.status).toBe('completed');
    expect((await t.latestMailTo(o.email, 'order-confirmation')).text_body).toContain(o.orderCode);
    // A choice once the order is no longer pending is refused and writes no history line.
    const again = await t.post(`${ORDERS}/${o.id}/pay`, { method: 'test' }, { headers });
    expect(again.status).toBe(409);
    expect((await history()).map((h) => h.kind)).toEqual([
      'created',
      'payment_method',
      'payment_failed',
      'paid',
    ]);
  });

  it('refuses a payment choice after the hold ended, and writes nothing for it', async () => {
    const { event, types } = await eventWith([{ price: 2000, capacity: 5 }]);
    const { order: o, accessToken } = (await order(event.id, types[0]!.id)).body.data;
    await t.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() - 1_000) })
      .where('id', '=', o.id)
      .execute();
    const chosen = await t.post(
      `${ORDERS}/${o.id}/pay`,
      { method: 'test' },
      { headers: { 'x-order-token': accessToken } },
    );
    expect(chosen.status, chosen.text).toBe(409);
    const row = await t.db
      .selectFrom('orders')
      .select('payment_method')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row.payment_method).toBeNull();
    const kinds = await t.db
      .selectFrom('order_history')
      .select('kind')
      .where('order_id', '=', o.id)
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['created']);
  });

  it('refuses more tickets than are left with a clean 409', async () => {
    const { event, types } = await eventWith([{ name: 'VIP', price: 0, capacity: 3 }]);
    expect((await order(event.id, types[0]!.id, 2)).status).toBe(201);
    const res = await order(event.id, types[0]!.id, 2);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'SOLD_OUT',
      error: 'Sorry, only 1 "VIP" ticket is left.',
    });
    expect(await soldOf(types[0]!.id)).toBe(2);
  });

  it('refuses quantities outside the per-order limits and unknown ticket types', async () => {
    const { event, types } = await eventWith([
      { price: 0, capacity: 50, minPerOrder: 2, maxPerOrder: 4 },
    ]);
    expect((await order(event.id, types[0]!.id, 1)).status).toBe(400);
    expect((await order(event.id, types[0]!.id, 5)).status).toBe(400);
    expect((await order(event.id, '00000000-0000-4000-8000-000000000000', 2)).status).toBe(400);
    expect(await soldOf(types[0]!.id)).toBe(0);
  });

  it('never oversells: 30 concurrent buyers for the last 7 tickets get exactly 7 orders', async () => {
    const { event, types } = await eventWith([{ price: 0, capacity: 7, maxPerOrder: 1 }]);
    // A crowd: each buyer their own email, phone and client address. Checkout takes an
    // address's share of the event before the capacity check (and gives it back on refusal),
    // so 30 buyers at once from one address would meet that limit (429), not the capacity.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => order(event.id, types[0]!.id, 1, i, `10.30.0.${i + 1}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(23);
    expect(await soldOf(types[0]!.id)).toBe(7);
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from orders where event_id = ${event.id}`.execute(t.db);
    expect(count.rows[0]!.n).toBe(7);
  });
});

describe('holds', () => {
  let short: TestApp;
  let shortToken: string;
  beforeAll(async () => {
    short = await startTestApp({ orderHoldSeconds: 1, holdSweepIntervalMs: 60_000 });
    shortToken = await logIn(short, await givenUser(short));
  });
  afterAll(() => short?.close());

  it('releases an expired hold without anyone acting, and refuses paying for it', async () => {
    const event = await givenPublishedEvent(short, shortToken, {}, [{ price: 1000, capacity: 1 }]);
    const types = (await short.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes;
    const first = await short.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0].id, quantity: 1 }],
      buyer: buyer(1),
    });
    expect(first.status).toBe(201);
    const { order: held, accessToken } = first.body.data;
    const blocked = await short.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0].id, quantity: 1 }],
      buyer: buyer(2),
    });
    expect(blocked.status).toBe(409);

    await new Promise((r) => setTimeout(r, 1_200));
    expect(await short.app.services.orders.holds.expireHolds()).toBeGreaterThanOrEqual(1);
    const after = await short.request('GET', `${ORDERS}/${held.id}`, {
      headers: { 'x-order-token': accessToken },
    });
    expect(after.body.data.status).toBe('expired');
    const pay = await short.post(
      `${ORDERS}/${held.id}/pay`,
      { method: 'test' },
      { headers: { 'x-order-token': accessToken } },
    );
    expect(pay.status).toBe(409);
    expect(pay.body.error).toMatch(/expired/);

    const second = await short.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0].id, quantity: 1 }],
      buyer: buyer(3),
    });
    expect(second.status, second.text).toBe(201);
  });

  it('takes tickets held by an expired order at checkout, before the sweeper runs', async () => {
    const event = await givenPublishedEvent(short, shortToken, {}, [{ price: 1000, capacity: 1 }]);
    const types = (await short.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes;
    const body = (n: number) => ({
      eventId: event.id,
      items: [{ ticketTypeId: types[0].id, quantity: 1 }],
      buyer: buyer(n),
    });
    expect((await short.post(ORDERS, body(1))).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1_200));
    const res = await short.post(ORDERS, body(2));
    expect(res.status, res.text).toBe(201);
  });
});
