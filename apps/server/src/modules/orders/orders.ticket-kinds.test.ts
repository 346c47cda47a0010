import { feeFor } from '@gatepass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import type { Database } from '../../db/database.ts';
import { insertOrderItems } from './orders.repository.ts';
import { compactDoor } from '../../../test/door-compact.ts';
import { MANAGE_ORDERS, parseCsv } from '../../../test/organiser-factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { givenUser, logIn, uniquePhone } from '../../../test/factories.ts';
import {
  EVENTS,
  givenPublishedEvent,
  type TicketTypeInput,
} from '../../../test/event-factories.ts';
import type { SaleEvent, SaleTicketType } from '../events/inventory.service.ts';
import { AppError } from '../../lib/errors.ts';
import { checkBasket } from './orders.checkout.ts';
import { checkAccess, unitPriceOf } from './orders.ticket-kinds.ts';

const ORDERS = `${API}/orders`;

// Pricing, in memory -------------------------------------------------------------------

const saleType = (overrides: Partial<SaleTicketType> = {}): SaleTicketType => ({
  id: '00000000-0000-4000-8000-000000000001',
  event_id: 'e1',
  name: 'Support us',
  price_kobo: 200_000,
  capacity: 100,
  sold: 0,
  min_per_order: 1,
  max_per_order: 10,
  sales_start_at: null,
  sales_end_at: null,
  hidden: false,
  kind: 'pay_what_you_want',
  admits: 1,
  access_codes: [],
  ...overrides,
});

const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('ticket kinds, priced in memory', () => {
  it('takes the amount typed for pay what you want, at or above the minimum', () => {
    expect(unitPriceOf(saleType(), 2000)).toBe(200_000);
    expect(unitPriceOf(saleType(), 7500)).toBe(750_000);
    const below = refusal(() => unitPriceOf(saleType(), 1999));
    expect(below.statusCode).toBe(400);
    expect(below.code).toBe('AMOUNT_BELOW_MINIMUM');
    expect(below.message).toBe('Pay at least ₦2,000.00 for "Support us".');
    expect(refusal(() => unitPriceOf(saleType(), undefined)).message).toBe(
      'Enter the amount you want to pay for "Support us".',
    );
  });

  it('refuses a donation of nothing and a chosen price on a fixed-price type', () => {
    const donation = saleType({ kind: 'donation', price_kobo: 0, admits: 0 });
    expect(unitPriceOf(donation, 500)).toBe(50_000);
    expect(refusal(() => unitPriceOf(donation, 0)).code).toBe('AMOUNT_BELOW_MINIMUM');
    const regular = saleType({ kind: 'regular' });
    expect(unitPriceOf(regular, undefined)).toBe(200_000);
    expect(refusal(() => unitPriceOf(regular, 1)).message).toMatch(/fixed/);
  });

  it('sells a hidden type only with one of its codes', () => {
    const hidden = saleType({ hidden: true, access_codes: ['FANS2026'] });
    expect(() => checkAccess(hidden, 'FANS2026')).not.toThrow();
    expect(refusal(() => checkAccess(hidden, undefined)).message).toBe(
      'A chosen ticket type is not on sale for this event.',
    );
    expect(refusal(() => checkAccess(hidden, 'FANS2025')).statusCode).toBe(400);
    // Hidden without codes: not sold at all, whatever is brought.
    expect(refusal(() => checkAccess(saleType({ hidden: true }), '')).statusCode).toBe(400);
  });

  it('prices a basket line by line, a table carrying the people it admits', () => {
    const event = { id: 'e1', status: 'published', end_at: null } as unknown as SaleEvent;
    const table = saleType({
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Table',
      kind: 'table',
      price_kobo: 50_000_000,
      admits: 10,
    });
    const pwyw = saleType();
    const { lines } = checkBasket(
      event,
      new Map([
        [table.id, table],
        [pwyw.id, pwyw],
      ]),
      [
        { ticketTypeId: table.id, quantity: 1 },
        { ticketTypeId: pwyw.id, quantity: 2, amount: 3000 },
      ],
      Date.now(),
    );
    expect(lines).toEqual([
      { ticketTypeId: table.id, name: 'Table', quantity: 1, unitPriceKobo: 50_000_000, admits: 10 },
      { ticketTypeId: pwyw.id, name: 'Support us', quantity: 2, unitPriceKobo: 300_000 },
    ]);
  });
});

// Through the API ----------------------------------------------------------------------

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await logIn(t, await givenUser(t));
});
afterAll(() => t?.close());

const buyer = (n = 1) => ({
  firstName: 'Amaka',
  lastName: `Eze${n}`,
  email: `amaka.${n}.${Date.now()}@example.com`,
  phone: uniquePhone(),
});

async function eventWith(tickets: Partial<TicketTypeInput>[]) {
  const event = await givenPublishedEvent(t, token, {}, tickets);
  const res = await t.request('GET', `${EVENTS}/${event.slug}`);
  expect(res.status, res.text).toBe(200);
  return { event, types: res.body.data.ticketTypes as { id: string; name: string }[] };
}

const typeIdByName = async (eventId: string, name: string) =>
  (
    await t.db
      .selectFrom('ticket_types')
      .select('id')
      .where('event_id', '=', eventId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

const soldOf = async (id: string) =>
  (await sql<{ sold: number }>`select sold from ticket_types where id = ${id}`.execute(t.db))
    .rows[0]!.sold;

async function pay(o: { id: string }, accessToken: string) {
  const headers = { 'x-order-token': accessToken };
  expect((await t.post(`${ORDERS}/${o.id}/pay`, { method: 'test' }, { headers })).status).toBe(200);
  const paid = await t.post(`${ORDERS}/${o.id}/test-payment`, { outcome: 'success' }, { headers });
  expect(paid.status, paid.text).toBe(200);
  return paid.body.data;
}

describe('pay what you want through POST /orders', () => {
  it('refuses an amount below the minimum even when the web is bypassed, and takes a higher one', async () => {
    const { event, types } = await eventWith([
      { name: 'Pay what you want', kind: 'pay_what_you_want', price: 2000, suggestedPrice: 5000 },
    ]);
    const type = types[0]!;
    const page = await t.request('GET', `${EVENTS}/${event.slug}`);
    expect(page.body.data.ticketTypes[0]).toMatchObject({
      kind: 'pay_what_you_want',
      price: 2000,
      suggestedPrice: 5000,
      admits: 1,
    });
    const below = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: type.id, quantity: 1, amount: 1500 }],
      buyer: buyer(1),
    });
    expect(below.status).toBe(400);
    expect(below.body.code).toBe('AMOUNT_BELOW_MINIMUM');
    expect(below.body.error).toBe('Pay at least ₦2,000.00 for "Pay what you want".');
    const none = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: type.id, quantity: 1 }],
      buyer: buyer(2),
    });
    expect(none.status).toBe(400);
    expect(await soldOf(type.id)).toBe(0);

    const res = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: type.id, quantity: 2, amount: 7000 }],
      buyer: buyer(3),
    });
    expect(res.status, res.text).toBe(201);
    const o = res.body.data.order;
    // Fees, totals and finances take the amount paid.
    expect(o.items[0]).toMatchObject({ unitPrice: 7000, lineTotal: 14000, admits: 1 });
    expect(o.subtotal).toBe(14000);
    expect(o.fee).toBe(feeFor(14000));
    expect(o.totalPrice).toBe(14000 + feeFor(14000));
    const paid = await pay(o, res.body.data.accessToken);
    expect(paid.status).toBe('completed');
    const row = await t.db
      .selectFrom('order_items')
      .select(['unit_price_kobo', 'admits'])
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ unit_price_kobo: 700_000, admits: 1 });
  });

  it('a donation line admits no one and the door says so', async () => {
    const { event, types } = await eventWith([
      { name: 'Regular', price: 1000 },
      { name: 'Donation', kind: 'donation', price: 0 },
    ]);
    const [regular, donation] = [types[0]!, types[1]!];
    expect(types[1]).toMatchObject({ kind: 'donation', admits: 0 });
    const res = await t.post(ORDERS, {
      eventId: event.id,
      items: [
        { ticketTypeId: regular.id, quantity: 2 },
        { ticketTypeId: donation.id, quantity: 1, amount: 2500 },
      ],
      buyer: buyer(4),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.order.subtotal).toBe(4500);
    await pay(res.body.data.order, res.body.data.accessToken);
    const door = await t.request('GET', `${API}/ticketPurchase/event/${event.id}`, { token });
    expect(door.status, door.text).toBe(200);
    const mine = door.body.data.find(
      (d: { orderCode: string }) => d.orderCode === res.body.data.order.orderCode,
    );
    expect(mine).toMatchObject({ quantity: 3, admits: 2 });
    // The door's compact list (decision 088) says the same: its screen shows "Admits 2".
    const compact = (await compactDoor(t, token, event.id)).orders.find(
      (o) => o.orderCode === res.body.data.order.orderCode,
    );
    expect(compact).toMatchObject({
      quantity: 3,
      admits: 2,
      ticketTypes: [
        { name: 'Regular', quantity: 2 },
        { name: 'Donation', quantity: 1 },
      ],
    });
    expect(compact).not.toHaveProperty('holders');
    // And the orders export: three tickets, two people.
    const csv = await t.request('GET', `${MANAGE_ORDERS}/export.csv?eventId=${event.id}`, {
      token,
    });
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    const row = rows.find((r) => r[0] === res.body.data.order.orderCode)!;
    expect(row[header!.indexOf('Tickets')]).toBe('3');
    expect(row[header!.indexOf('Admits')]).toBe('2');
  });
});

describe('hidden ticket types and access codes', () => {
  it('keeps the type off the page, unlocks it with its code and refuses it in POST /orders without one', async () => {
    const { event, types } = await eventWith([
      { name: 'Regular', price: 3000 },
      { name: 'Guest list', price: 0, hidden: true, accessCodes: ['guests-26', 'VIPFRIEND'] },
    ]);
    expect(types.map((x) => x.name)).toEqual(['Regular']);
    const hiddenId = await typeIdByName(event.id, 'Guest list');

    const wrong = await t.post(`${EVENTS}/${event.slug}/access-code`, { code: 'NOPE1' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe('That access code is not valid for this event.');
    const right = await t.post(`${EVENTS}/${event.slug}/access-code`, { code: ' Guests-26 ' });
    expect(right.status, right.text).toBe(200);
    expect(right.body.data.code).toBe('GUESTS-26');
    expect(right.body.data.ticketTypes).toMatchObject([{ id: hiddenId, price: 0 }]);
    expect(JSON.stringify(right.body.data)).not.toContain('VIPFRIEND');

    const line = [{ ticketTypeId: hiddenId, quantity: 1 }];
    const without = await t.post(ORDERS, { eventId: event.id, items: line, buyer: buyer(5) });
    expect(without.status).toBe(400);
    expect(without.body.error).toBe('A chosen ticket type is not on sale for this event.');
    const badCode = await t.post(ORDERS, {
      eventId: event.id,
      items: line,
      accessCode: 'VIPFRIENDS',
      buyer: buyer(6),
    });
    expect(badCode.status).toBe(400);
    expect(await soldOf(hiddenId)).toBe(0);

    // A complimentary ticket: 0 naira, completed at once.
    const ok = await t.post(ORDERS, {
      eventId: event.id,
      items: line,
      accessCode: 'vipfriend',
      buyer: buyer(7),
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.order).toMatchObject({ status: 'completed', totalPrice: 0 });
    expect(await soldOf(hiddenId)).toBe(1);
  });

  it('a code of one event unlocks nothing on another, and tries are limited per address', async () => {
    await eventWith([{ name: 'Fans', price: 1000, hidden: true, accessCodes: ['FANCLUB'] }]);
    const { event: other } = await eventWith([{ name: 'Regular', price: 1000 }]);
    const res = await t.post(
      `${EVENTS}/${other.slug}/access-code`,
      { code: 'FANCLUB' },
      {
        ip: '203.0.113.77',
      },
    );
    expect(res.status).toBe(404);
    let last = 0;
    for (let i = 0; i < 20; i++)
      last = (
        await t.post(
          `${EVENTS}/${other.slug}/access-code`,
          { code: `TRY${i}X` },
          {
            ip: '203.0.113.77',
          },
        )
      ).status;
    expect(last).toBe(429);
  });
});

describe('table tickets', () => {
  it('counts tables against capacity, says "Table of 10" on the order and admits 10 at the door', async () => {
    const { event, types } = await eventWith([
      { name: 'VIP table', kind: 'table', seats: 10, price: 500_000, capacity: 2 },
    ]);
    expect(types[0]).toMatchObject({ kind: 'table', admits: 10, remaining: 2 });
    const res = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
      buyer: buyer(8),
    });
    expect(res.status, res.text).toBe(201);
    const o = res.body.data.order;
    expect(o.quantity).toBe(1);
    expect(o.items[0]).toMatchObject({ admits: 10, unitPrice: 500_000 });
    await pay(o, res.body.data.accessToken);
    expect(await soldOf(types[0]!.id)).toBe(1);
    const mail = await t.latestMailTo(o.email, 'order-confirmation');
    expect(mail.text_body).toContain('1 × VIP table (Table of 10)');
    expect(mail.text_body).toContain('Admits: 10 people');
    const door = await t.request('GET', `${API}/ticketPurchase/event/${event.id}`, { token });
    expect(door.body.data).toEqual([
      expect.objectContaining({ orderCode: o.orderCode, quantity: 1, admits: 10 }),
    ]);
    // The compact list too, with no more than that in its `extra`.
    const compact = await compactDoor(t, token, event.id);
    expect(compact.orders).toEqual([
      expect.objectContaining({ orderCode: o.orderCode, quantity: 1, admits: 10 }),
    ]);
    expect(compact.answer.orders![0]![10]).toEqual({ admits: 10 });
  });

  it('refuses a table without seats and a change of seats once sold', async () => {
    const { event } = await eventWith([{ name: 'Regular', price: 1000 }]);
    const noSeats = await t.post(
      `${EVENTS}/manage/${event.id}/ticket-types`,
      { name: 'Table', kind: 'table', price: 1000, capacity: 3 },
      { token },
    );
    expect(noSeats.status).toBe(400);
    const table = await t.post(
      `${EVENTS}/manage/${event.id}/ticket-types`,
      { name: 'Table', kind: 'table', seats: 8, price: 0, capacity: 3 },
      { token },
    );
    expect(table.status, table.text).toBe(201);
    expect(table.body.data).toMatchObject({ kind: 'table', admits: 8 });
    const bought = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: table.body.data.id, quantity: 1 }],
      buyer: buyer(9),
    });
    expect(bought.status, bought.text).toBe(201);
    const change = await t.request(
      'PATCH',
      `${EVENTS}/manage/${event.id}/ticket-types/${table.body.data.id}`,
      { token, body: { seats: 6 } },
    );
    expect(change.status).toBe(409);
    expect(change.body.code).toBe('TICKET_TYPE_HAS_SALES');
  });
});

// The flash sale's statements ---------------------------------------------------------

describe('the hot path for regular tickets (decisions 086, 105)', () => {
  it('writes a group of lines as one statement of one JSON parameter, whatever its size', async () => {
    const sent: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (event) => {
        if (event.level === 'query') sent.push(event.query);
      },
    });
    const line = {
      orderId: 'o',
      ticketTypeId: 't',
      name: 'Regular',
      quantity: 2,
      unitPriceKobo: 500_000,
    };
    await insertOrderItems(db, [line]);
    const one = sent.pop()!;
    const group = Array.from({ length: 100 }, (_, i) => ({ ...line, ticketTypeId: `t${i}` }));
    await insertOrderItems(db, [...group, { ...line, ticketTypeId: 'u', admits: 10 }]);
    const many = sent.pop()!;
    expect(many.sql).toBe(one.sql);
    expect(many.sql).toContain('json_populate_recordset(null::"order_items", $1::json)');
    expect(many.parameters).toHaveLength(1);
    const rows = JSON.parse(String(many.parameters[0])) as { admits: number }[];
    expect(rows).toHaveLength(101);
    // A regular line admits one; a table the number it seats.
    expect(rows[0]).toEqual({
      order_id: 'o',
      ticket_type_id: 't0',
      name: 'Regular',
      quantity: 2,
      unit_price_kobo: 500_000,
      admits: 1,
    });
    expect(rows[100]!.admits).toBe(10);
  });
});
