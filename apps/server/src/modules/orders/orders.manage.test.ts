import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  insertOrdersBySql,
  MANAGE_ORDERS,
  ORDERS,
  parseCsv,
  soldCounter,
} from '../../../test/organiser-factories.ts';
import { LOOKUP_LIMIT_RULES, LOOKUP_NOT_FOUND } from './orders.manage.service.ts';

let t: TestApp;
let organiser: { token: string; id: string; email: string };

beforeAll(async () => {
  // Small export batches, so 2,000 rows take 20 queries and prove the keyset walk.
  t = await startTestApp({ exportBatchSize: 100 });
  organiser = await givenOrganiser(t);
});
afterAll(() => t?.close());

describe('orders list', () => {
  it('searches by name, email and code, filters by event, status and dates, and pages with a total', async () => {
    const { token } = await givenOrganiser(t);
    const jazz = await givenEventWithTypes(t, token, [{ price: 0, capacity: 50 }], {
      title: 'Jazz by the Lagoon',
    });
    const talks = await givenEventWithTypes(t, token, [{ price: 2000, capacity: 50 }], {
      title: 'Tech Talks',
    });
    const ada = await buy(t, jazz.event.id, jazz.types[0]!.id, {
      buyer: buyer({ firstName: 'Adaeze', lastName: 'Nwosu', email: 'adaeze.n@example.com' }),
    });
    const tunde = await buy(t, talks.event.id, talks.types[0]!.id, {
      buyer: buyer({ firstName: 'Tunde', lastName: 'Bakare', email: 'tb@mail.example.org' }),
      pay: 'test',
    });
    const pending = await buy(t, talks.event.id, talks.types[0]!.id, {
      buyer: buyer({ firstName: 'Ngozi', lastName: 'Eze', email: 'ngozi@example.com' }),
    });
    // Dates: Ada ordered on 1 Nov (Lagos), the others now.
    await sql`update orders set created_at = '2026-11-01T10:00:00+01:00' where id = ${ada.order.id}`.execute(
      t.db,
    );

    const list = async (query: string) => {
      const res = await t.request('GET', `${MANAGE_ORDERS}?${query}`, { token });
      expect(res.status, res.text).toBe(200);
      return res.body.data as {
        items: { orderCode: string; eventTitle: string }[];
        total: number;
        pageCount: number;
      };
    };
    const codes = (page: { items: { orderCode: string }[] }) =>
      page.items.map((i) => i.orderCode).sort();

    const all = await list('');
    expect(all.total).toBe(3);
    expect(codes(all)).toEqual(
      [ada.order.orderCode, tunde.order.orderCode, pending.order.orderCode].sort(),
    );
    expect(codes(await list('q=adaeze'))).toEqual([ada.order.orderCode]);
    expect(codes(await list('q=ADAEZE%20NWOSU'))).toEqual([ada.order.orderCode]);
    expect(codes(await list('q=mail.example.org'))).toEqual([tunde.order.orderCode]);
    expect(codes(await list(`q=${pending.order.orderCode.slice(0, 5)}`))).toContain(
      pending.order.orderCode,
    );
    expect((await list('q=nobody-like-this')).total).toBe(0);
    // LIKE wildcards are searched as characters.
    expect((await list('q=%25')).total).toBe(0);
    expect(codes(await list(`eventId=${talks.event.id}`))).toEqual(
      [tunde.order.orderCode, pending.order.orderCode].sort(),
    );
    expect(codes(await list('status=pending'))).toEqual([pending.order.orderCode]);
    expect(codes(await list(`status=completed&eventId=${talks.event.id}`))).toEqual([
      tunde.order.orderCode,
    ]);
    expect(codes(await list('from=2026-11-01&to=2026-11-01'))).toEqual([ada.order.orderCode]);
    expect(codes(await list('to=2026-10-31'))).toEqual([]);

    const page1 = await list('pageSize=2&page=1');
    const page2 = await list('pageSize=2&page=2');
    expect(page1.items).toHaveLength(2);
    expect(page2.items).toHaveLength(1);
    expect(page1.total).toBe(3);
    expect(page1.pageCount).toBe(2);
    expect([...codes(page1), ...codes(page2)].sort()).toEqual(codes(all));

    const bad = await t.request('GET', `${MANAGE_ORDERS}?from=2026-12-01&to=2026-11-01`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The start date must not be after the end date.');
    const badStatus = await t.request('GET', `${MANAGE_ORDERS}?status=lost`, { token });
    expect(badStatus.status).toBe(400);
  });

  it("never lists another organiser's orders", async () => {
    const other = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, organiser.token, [{ price: 0 }]);
    await buy(t, event.id, types[0]!.id);
    const res = await t.request('GET', MANAGE_ORDERS, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
  });
});

describe('an order and its actions', () => {
  it('shows items, payment, check-in and history, and marks an offline order paid', async () => {
    const { event, types } = await givenEventWithTypes(
      t,
      organiser.token,
      [{ name: 'VIP', price: 10000, capacity: 5 }],
      { offlinePayment: true },
    );
    const { order } = await buy(t, event.id, types[0]!.id, { quantity: 2, pay: 'offline' });
    const detail = await t.request('GET', `${MANAGE_ORDERS}/${order.id}`, {
      token: organiser.token,
    });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data).toMatchObject({
      orderCode: order.orderCode,
      status: 'pending',
      items: [{ name: 'VIP', quantity: 2, unitPrice: 10000, lineTotal: 20000 }],
      payment: { method: 'offline', reference: null, paidAt: null },
      checkIn: { attendedAt: null, attendedBy: null },
      actions: { markPaid: true, cancel: true, refund: false, resendTickets: false },
    });
    expect(detail.body.data.history.map((h: { kind: string }) => h.kind)).toEqual([
      'created',
      'payment_method',
    ]);

    const paid = await t.post(`${MANAGE_ORDERS}/${order.id}/mark-paid`, undefined, {
      token: organiser.token,
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.message).toBe(
      'The order is marked paid and the tickets are on their way to the buyer.',
    );
    expect(paid.body.data).toMatchObject({
      status: 'completed',
      payment: { method: 'offline' },
      actions: { markPaid: false, refund: true, resendTickets: true },
    });
    expect(paid.body.data.payment.paidAt).not.toBeNull();
    const last = paid.body.data.history.at(-1);
    expect(last).toMatchObject({ kind: 'paid', actor: 'Ada Lovelace' });

    const again = await t.post(`${MANAGE_ORDERS}/${order.id}/mark-paid`, undefined, {
      token: organiser.token,
    });
    expect(again.status).toBe(409);
  });

  it('resends the tickets by mail and records it', async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [{ price: 0 }]);
    const { order } = await buy(t, event.id, types[0]!.id);
    const before = (await t.mailsTo(order.email)).filter((m) => m.kind === 'order-confirmation');
    const res = await t.post(`${MANAGE_ORDERS}/${order.id}/resend-tickets`, undefined, {
      token: organiser.token,
    });
    expect(res.status, res.text).toBe(200);
    const after = (await t.mailsTo(order.email)).filter((m) => m.kind === 'order-confirmation');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.text_body).toContain(order.orderCode);
    expect(res.body.data.history.at(-1)).toMatchObject({
      kind: 'tickets_resent',
      detail: `Tickets sent again to ${order.email}`,
    });
  });

  it('refunds a completed order and cancels a pending one, returning their tickets', async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 3000, capacity: 4 },
    ]);
    const typeId = types[0]!.id;
    const paid = await buy(t, event.id, typeId, { quantity: 2, pay: 'test' });
    const waiting = await buy(t, event.id, typeId, { quantity: 2 });
    expect(await soldCounter(t, typeId)).toBe(4);

    const pendingRefund = await t.post(
      `${MANAGE_ORDERS}/${waiting.order.id}/refund`,
      {},
      {
        token: organiser.token,
      },
    );
    expect(pendingRefund.status).toBe(409);
    expect(pendingRefund.body.error).toBe('This order cannot be refunded: it is pending.');

    const refunded = await t.post(
      `${MANAGE_ORDERS}/${paid.order.id}/refund`,
      { reason: 'Buyer cannot attend' },
      { token: organiser.token },
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.data.status).toBe('refunded');
    expect(refunded.body.data.history.at(-1)).toMatchObject({
      kind: 'refunded',
      detail: 'Buyer cannot attend',
    });
    expect(await soldCounter(t, typeId)).toBe(2);

    const cancelled = await t.post(`${MANAGE_ORDERS}/${waiting.order.id}/cancel`, undefined, {
      token: organiser.token,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await soldCounter(t, typeId)).toBe(0);
    // The capacity is back on sale.
    await buy(t, event.id, typeId, { quantity: 2 });
    await buy(t, event.id, typeId, { quantity: 2 });
  });

  it('answers 404 for a malformed or unknown order id', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request('GET', `${MANAGE_ORDERS}/${id}`, { token: organiser.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('This order was not found.');
    }
  });
});

describe('CSV export', () => {
  it('streams 2,000 orders in chunks, every row once, matching the filters', async () => {
    const { token } = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, token, [{ price: 5000 }]);
    const inserted = await insertOrdersBySql(t, {
      eventId: event.id,
      ticketTypeId: types[0]!.id,
      count: 2000,
    });
    await insertOrdersBySql(t, {
      eventId: event.id,
      ticketTypeId: types[0]!.id,
      count: 30,
      status: 'refunded',
    });

    // Over a real socket, to see the transfer: chunked, in many writes.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}${MANAGE_ORDERS}/export.csv?status=completed`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const reader = res.body!.getReader();
      const chunks: Uint8Array[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
      expect(chunks.length).toBeGreaterThan(5);
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text.startsWith('\uFEFFOrder code,Event,Status,')).toBe(true);
      const rows = parseCsv(text);
      const [header, ...data] = rows;
      expect(header).toContain('Total (NGN)');
      expect(data).toHaveLength(2000);
      const codes = data.map((r) => r[0]);
      expect(new Set(codes).size).toBe(2000);
      expect([...codes].sort()).toEqual([...inserted].sort());
      // Newest first, as the list shows them.
      expect(codes[0]).toBe(inserted[0]);
      const total = header!.indexOf('Total (NGN)');
      expect(data[0]![total]).toBe('5330.00');
      expect(data.every((r) => r[2] === 'completed')).toBe(true);
    } finally {
      await t.app.server.close();
    }
  });

  it('quotes and escapes cells and neutralises formulas', async () => {
    const { token } = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, token, [{ price: 0 }], {
      title: 'Comma, "Quotes" & Co',
    });
    await buy(t, event.id, types[0]!.id, {
      buyer: buyer({
        firstName: '=HYPERLINK("http://evil.example","click")',
        lastName: '+1-2',
        email: 'formula@example.com',
        phone: '@SUM(1)',
      }),
    });
    const res = await t.request('GET', `${MANAGE_ORDERS}/export.csv`, { token });
    expect(res.status, res.text).toBe(200);
    const [header, row] = parseCsv(res.text);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Event')).toBe('Comma, "Quotes" & Co');
    expect(cell('First name')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(cell('Last name')).toBe(`'+1-2`);
    expect(cell('Phone')).toBe(`'@SUM(1)`);
    expect(cell('Email')).toBe('formula@example.com');
    expect(res.text).toContain('"Comma, ""Quotes"" & Co"');
  });

  it('refuses a bad filter before streaming anything', async () => {
    const other = await givenOrganiser(t);
    const mine = await givenEventWithTypes(t, organiser.token, [{ price: 0 }]);
    const res = await t.request('GET', `${MANAGE_ORDERS}/export.csv?eventId=${mine.event.id}`, {
      token: other.token,
    });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('order lookup', () => {
  const lookup = (orderCode: string, email: string, ip = '203.0.113.1') =>
    t.post(`${ORDERS}/lookup`, { orderCode, email }, { ip });

  it('answers the order and a working access token only when the email matches', async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [{ price: 0 }]);
    const { order } = await buy(t, event.id, types[0]!.id);

    const found = await lookup(order.orderCode, order.email.toUpperCase(), '203.0.113.2');
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.order).toMatchObject({ id: order.id, orderCode: order.orderCode });
    const token = found.body.data.accessToken as string;
    const read = await t.request('GET', `${ORDERS}/${order.id}`, {
      headers: { 'x-order-token': token },
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.orderCode).toBe(order.orderCode);

    const wrongEmail = await lookup(order.orderCode, 'someone.else@example.com', '203.0.113.2');
    const wrongCode = await lookup(
      order.orderCode === '00000000' ? '00000001' : '00000000',
      order.email,
      '203.0.113.2',
    );
    for (const res of [wrongEmail, wrongCode]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: LOOKUP_NOT_FOUND, code: 'NOT_FOUND' });
    }
    const malformed = await lookup('12ab', order.email, '203.0.113.2');
    expect(malformed.status).toBe(400);
  });

  it('expires its tokens', async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [{ price: 0 }]);
    const { order } = await buy(t, event.id, types[0]!.id);
    const found = await lookup(order.orderCode, order.email, '203.0.113.3');
    await sql`update order_access_tokens set expires_at = now() - interval '1 second' where order_id = ${order.id}`.execute(
      t.db,
    );
    const read = await t.request('GET', `${ORDERS}/${order.id}`, {
      headers: { 'x-order-token': found.body.data.accessToken },
    });
    expect(read.status).toBe(404);
  });

  it("limits wrong guesses per address and code, and a stranger's guesses never lock the buyer out", async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [{ price: 0 }]);
    const { order } = await buy(t, event.id, types[0]!.id);
    const stranger = '198.51.100.9';
    for (let i = 0; i < LOOKUP_LIMIT_RULES.failuresPerIpAndCode.points; i++) {
      const res = await lookup(order.orderCode, `guess${i}@example.com`, stranger);
      expect(res.status).toBe(404);
    }
    // The stranger is stopped on this code, even with the right email…
    const blocked = await lookup(order.orderCode, order.email, stranger);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // …while the buyer, from their own address, still finds the order.
    const owner = await lookup(order.orderCode, order.email, '198.51.100.10');
    expect(owner.status, owner.text).toBe(200);
  });

  it('limits lookups per address', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < LOOKUP_LIMIT_RULES.perIp.points; i++) {
      const code = String(10_000_000 + i * 7919).padStart(8, '0');
      const res = await lookup(code, 'probe@example.com', ip);
      expect(res.status).toBe(404);
    }
    const blocked = await lookup('12345678', 'probe@example.com', ip);
    expect(blocked.status).toBe(429);
  });
});
