import { randomBytes, randomInt } from 'node:crypto';
import { feeFor } from '@gatepass/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../../../test/event-factories.ts';
import { startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  FINANCES,
  givenEventWithTypes,
  givenOrganiser,
  HOME,
  MANAGE_ORDERS,
  parseCsv,
  sessionFor,
} from '../../../test/organiser-factories.ts';
import { uniquePhone } from '../../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const STATUSES = ['pending', 'completed', 'cancelled', 'refunded', 'expired'] as const;
const DAY = 86_400_000;
/** 2026-10-01 00:00 UTC; Lagos is UTC+1 all year. */
const BASE = Date.UTC(2026, 9, 1);
const lagosDay = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);
const dayOf = (offset: number) => new Date(BASE + offset * DAY).toISOString().slice(0, 10);

interface GenOrder {
  event: number;
  status: (typeof STATUSES)[number];
  quantity: number;
  subtotalNaira: number;
  discountPct: number;
  feeMode: 'pass' | 'absorb';
  /** Minutes after BASE (UTC): some fall between 23:00 and 24:00 UTC, the next Lagos day. */
  paidMinute: number;
}

/** The money of a generated order as checkout would store it, in kobo. */
function money(o: GenOrder) {
  const subtotal = o.subtotalNaira * 100;
  const discount = Math.floor((o.subtotalNaira * o.discountPct) / 100) * 100;
  const fee = feeFor((subtotal - discount) / 100) * 100;
  const total = o.feeMode === 'pass' ? subtotal - discount + fee : subtotal - discount;
  return { subtotal, discount, fee, total };
}

/** A fresh organiser with `events` published events, and another organiser's event, by SQL. */
async function givenWorld(eventCount: number) {
  const tag = randomBytes(4).toString('hex');
  const users = await sql<{ id: string }>`
    insert into users (full_name, email, phone, password_hash, email_verified_at)
    values ('Prop Organiser', ${`prop.${tag}@example.com`}, ${`+23480${randomInt(10_000_000, 99_999_999)}`}, 'x', now()),
           ('Someone Else', ${`else.${tag}@example.com`}, ${`+23481${randomInt(10_000_000, 99_999_999)}`}, 'x', now())
    returning id`.execute(t.db);
  const [owner, stranger] = users.rows.map((r) => r.id) as [string, string];
  const events: string[] = [];
  for (let i = 0; i <= eventCount; i++) {
    const row = await sql<{ id: string }>`
      insert into events (owner_id, slug, title, status, start_at, end_at, published_at)
      values (${i < eventCount ? owner : stranger}, ${`prop-${tag}-${i}`}, ${`Event ${i}`}, 'published',
              now() + interval '30 days', now() + interval '31 days', now())
      returning id`.execute(t.db);
    events.push(row.rows[0]!.id);
  }
  return { owner, events, foreignEvent: events[eventCount]! };
}

async function insertOrders(eventIds: string[], orders: GenOrder[]) {
  if (orders.length === 0) return;
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('orders')
      .values(
        orders.map((o) => {
          const m = money(o);
          const paidAt = new Date(BASE + o.paidMinute * 60_000);
          return {
            code: String(randomInt(0, 100_000_000)).padStart(8, '0'),
            event_id: eventIds[o.event]!,
            buyer_user_id: null,
            first_name: 'Prop',
            last_name: 'Buyer',
            email: 'prop@example.com',
            phone: uniquePhone(),
            status: o.status,
            payment_method: 'offline' as const,
            payment_ref: null,
            quantity: o.quantity,
            subtotal_kobo: m.subtotal,
            discount_kobo: m.discount,
            fee_kobo: m.fee,
            total_kobo: m.total,
            fee_mode: o.feeMode,
            promo_code_id: null,
            access_token_hash: 'x',
            reserved_until: null,
            paid_at: o.status === 'pending' || o.status === 'expired' ? null : paidAt,
            attended_at: null,
            attended_by: null,
            cancelled_at: null,
            created_at: paidAt,
          };
        }),
      )
      .execute();
  });
}

function expectedTotals(orders: GenOrder[]) {
  const sum = {
    orders: 0,
    tickets: 0,
    face: 0,
    discounts: 0,
    gross: 0,
    fees: 0,
    passed: 0,
    absorbed: 0,
    net: 0,
  };
  for (const o of orders) {
    const m = money(o);
    sum.orders += 1;
    sum.tickets += o.quantity;
    sum.face += m.subtotal;
    sum.discounts += m.discount;
    sum.gross += m.total;
    sum.fees += m.fee;
    if (o.feeMode === 'pass') sum.passed += m.fee;
    else sum.absorbed += m.fee;
    sum.net += m.total - m.fee;
  }
  // The API answers naira.
  return {
    orders: sum.orders,
    tickets: sum.tickets,
    faceValue: sum.face / 100,
    discounts: sum.discounts / 100,
    gross: sum.gross / 100,
    fees: sum.fees / 100,
    feesPassed: sum.passed / 100,
    feesAbsorbed: sum.absorbed / 100,
    net: sum.net / 100,
  };
}

const genOrder = (eventCount: number) =>
  fc.record({
    event: fc.integer({ min: 0, max: eventCount }), // eventCount = the other organiser's
    status: fc.constantFrom(...STATUSES),
    quantity: fc.integer({ min: 1, max: 6 }),
    subtotalNaira: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_000 })),
    discountPct: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
    feeMode: fc.constantFrom('pass' as const, 'absorb' as const),
    paidMinute: fc
      .tuple(
        fc.integer({ min: 0, max: 20 }),
        // Lagos midnight is 23:00 UTC: minutes around it are drawn often.
        fc.oneof(
          fc.integer({ min: 0, max: 1439 }),
          fc.constantFrom(22 * 60 + 59, 23 * 60, 23 * 60 + 1, 23 * 60 + 59, 0, 59, 60),
        ),
      )
      .map(([day, minute]) => day * 1440 + minute),
  });

describe('finances', () => {
  it('totals, the per-event table and the daily sales all equal the sum of the matching completed orders', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }).chain((eventCount) =>
          fc.record({
            eventCount: fc.constant(eventCount),
            orders: fc.array(genOrder(eventCount), { maxLength: 25 }),
            eventFilter: fc.option(fc.integer({ min: 0, max: eventCount - 1 }), { nil: undefined }),
            from: fc.option(fc.integer({ min: 0, max: 21 }), { nil: undefined }),
            to: fc.option(fc.integer({ min: 0, max: 21 }), { nil: undefined }),
          }),
        ),
        async ({ eventCount, orders, eventFilter, from, to }) => {
          const [lo, hi] =
            from !== undefined && to !== undefined && from > to ? [to, from] : [from, to];
          const world = await givenWorld(eventCount);
          await insertOrders(world.events, orders);
          const token = await sessionFor(t, world.owner);
          const query = new URLSearchParams();
          if (eventFilter !== undefined) query.set('eventId', world.events[eventFilter]!);
          if (lo !== undefined) query.set('from', dayOf(lo));
          if (hi !== undefined) query.set('to', dayOf(hi));
          const res = await t.request('GET', `${FINANCES}?${query}`, { token });
          expect(res.status, res.text).toBe(200);
          const report = res.body.data;

          const matching = orders.filter((o) => {
            const day = lagosDay(BASE + o.paidMinute * 60_000);
            return (
              o.status === 'completed' &&
              o.event < eventCount &&
              (eventFilter === undefined || o.event === eventFilter) &&
              (lo === undefined || day >= dayOf(lo)) &&
              (hi === undefined || day <= dayOf(hi))
            );
          });
          const expected = expectedTotals(matching);
          expect(report.totals).toEqual(expected);
          expect(report.totals.net).toBeCloseTo(report.totals.gross - report.totals.fees, 6);

          // The table has every event of the filter, and adds up to the totals.
          expect(report.events).toHaveLength(eventFilter === undefined ? eventCount : 1);
          const tableSum = (key: keyof typeof expected) =>
            report.events.reduce((n: number, e: Record<string, number>) => n + e[key]!, 0);
          for (const key of Object.keys(expected) as (keyof typeof expected)[])
            expect(tableSum(key)).toBeCloseTo(expected[key], 6);
          for (const row of report.events) {
            const index = world.events.indexOf(row.eventId);
            expect(row).toMatchObject(expectedTotals(matching.filter((o) => o.event === index)));
          }

          // Daily: each Lagos day's orders, and the days add up to the totals.
          const byDay = new Map<string, GenOrder[]>();
          for (const o of matching) {
            const day = lagosDay(BASE + o.paidMinute * 60_000);
            byDay.set(day, [...(byDay.get(day) ?? []), o]);
          }
          for (const d of report.daily) {
            const e = expectedTotals(byDay.get(d.date) ?? []);
            expect(d).toEqual({
              date: d.date,
              orders: e.orders,
              tickets: e.tickets,
              gross: e.gross,
              net: e.net,
            });
          }
          expect(report.daily.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(
            expected.orders,
          );
          if (lo !== undefined && hi !== undefined) {
            expect(report.daily).toHaveLength(hi - lo + 1);
            expect(report.daily[0].date).toBe(dayOf(lo));
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('counts completed orders only, defines net as gross − fees, and drops a refunded order', async () => {
    const organiser = await givenOrganiser(t);
    const passed = await givenEventWithTypes(t, organiser.token, [{ price: 5000, capacity: 10 }], {
      title: 'Fee passed',
      offlinePayment: true,
    });
    const absorbed = await givenEventWithTypes(
      t,
      organiser.token,
      [{ price: 5000, capacity: 10 }],
      {
        title: 'Fee absorbed',
        feeMode: 'absorb',
        offlinePayment: true,
      },
    );
    // Passed: 2 × 5,000 = 10,000 + fee 550 = 10,550 paid. Absorbed: 5,000 paid, fee 330 inside.
    const a = await buy(t, passed.event.id, passed.types[0]!.id, {
      quantity: 2,
      pay: 'marked',
      organiser: organiser.token,
    });
    await buy(t, absorbed.event.id, absorbed.types[0]!.id, {
      quantity: 1,
      pay: 'marked',
      organiser: organiser.token,
    });
    await buy(t, absorbed.event.id, absorbed.types[0]!.id, { quantity: 1 }); // pending: not counted

    const report = async () => {
      const res = await t.request('GET', FINANCES, { token: organiser.token });
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    const before = await report();
    expect(before.totals).toEqual({
      orders: 2,
      tickets: 3,
      faceValue: 15_000,
      discounts: 0,
      gross: 15_550,
      fees: 880,
      feesPassed: 550,
      feesAbsorbed: 330,
      net: 14_670,
    });
    expect(before.events.map((e: { title: string; gross: number }) => [e.title, e.gross])).toEqual([
      ['Fee passed', 10_550],
      ['Fee absorbed', 5_000],
    ]);
    expect(before.events[1]).toMatchObject({ net: 4_670, feesAbsorbed: 330 });
    expect(before.daily).toHaveLength(1);
    expect(before.daily[0]).toMatchObject({ orders: 2, gross: 15_550, net: 14_670 });

    await t.post(`${MANAGE_ORDERS}/${a.order.id}/refund`, {}, { token: organiser.token });
    const after = await report();
    expect(after.totals).toMatchObject({ orders: 1, gross: 5_000, fees: 330, net: 4_670 });

    // The CSV lists the same orders and adds up to the same figures.
    const csv = await t.request('GET', `${FINANCES}/export.csv`, { token: organiser.token });
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    expect(rows).toHaveLength(after.totals.orders);
    const col = (name: string) => rows.reduce((n, r) => n + Number(r[header!.indexOf(name)]), 0);
    expect(col('Gross (NGN)')).toBe(after.totals.gross);
    expect(col('Fee (NGN)')).toBe(after.totals.fees);
    expect(col('Net (NGN)')).toBe(after.totals.net);
  });

  it('leaves orders paid with the TEST provider out of every figure and says how many', async () => {
    const organiser = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(
      t,
      organiser.token,
      [{ price: 5000, capacity: 10 }],
      { offlinePayment: true },
    );
    const typeId = types[0]!.id;
    // Real money: offline, marked paid (5,000 + fee 330). Test mode: two TEST payments.
    await buy(t, event.id, typeId, { pay: 'marked', organiser: organiser.token });
    const test = await buy(t, event.id, typeId, { quantity: 2, pay: 'test' });
    await buy(t, event.id, typeId, { pay: 'test' });
    expect(test.order).toMatchObject({ status: 'completed', testPayment: true });

    const res = await t.request('GET', `${FINANCES}?eventId=${event.id}`, {
      token: organiser.token,
    });
    expect(res.status, res.text).toBe(200);
    const report = res.body.data;
    expect(report.totals).toMatchObject({ orders: 1, tickets: 1, gross: 5_330, net: 5_000 });
    expect(report.testOrdersLeftOut).toBe(2);
    expect(report.events[0]).toMatchObject({ eventId: event.id, orders: 1, gross: 5_330 });
    expect(report.daily.reduce((n: number, d: { gross: number }) => n + d.gross, 0)).toBe(5_330);

    const csv = await t.request('GET', `${FINANCES}/export.csv?eventId=${event.id}`, {
      token: organiser.token,
    });
    const [, ...rows] = parseCsv(csv.text);
    expect(rows).toHaveLength(1);

    const home = (await t.request('GET', HOME, { token: organiser.token })).body.data;
    expect(home.totals).toMatchObject({ orders: 1, gross: 5_330 });
    expect(home.upcoming[0]).toMatchObject({ id: event.id, gross: 5_330 });
  });

  it('fills days without sales with zeros and refuses ranges it cannot chart', async () => {
    const organiser = await givenOrganiser(t);
    const res = await t.request('GET', `${FINANCES}?from=2026-01-30&to=2026-02-02`, {
      token: organiser.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.daily).toEqual(
      ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'].map((date) => ({
        date,
        orders: 0,
        tickets: 0,
        gross: 0,
        net: 0,
      })),
    );
    const long = await t.request('GET', `${FINANCES}?from=2020-01-01&to=2026-01-01`, {
      token: organiser.token,
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Choose a date range of at most 731 days.');
    const badDate = await t.request('GET', `${FINANCES}?from=2026-02-30`, {
      token: organiser.token,
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error).toBe('From must be a real date.');
  });
});

describe('organiser home', () => {
  it('shows money, tickets sold and held, events and the latest orders', async () => {
    const organiser = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(
      t,
      organiser.token,
      [{ price: 2000, capacity: 10 }],
      { offlinePayment: true },
    );
    await buy(t, event.id, types[0]!.id, {
      quantity: 3,
      pay: 'marked',
      organiser: organiser.token,
    });
    const held = await buy(t, event.id, types[0]!.id, { quantity: 2 });
    const res = await t.request('GET', HOME, { token: organiser.token });
    expect(res.status, res.text).toBe(200);
    const home = res.body.data;
    // 3 × 2,000 = 6,000 + fee 370 (6,000 × 4.5 % = 270 + 100).
    expect(home.totals).toMatchObject({
      orders: 1,
      tickets: 3,
      gross: 6_370,
      fees: 370,
      net: 6_000,
      ticketsHeld: 2,
      pendingOrders: 1,
    });
    expect(home.last30Days).toMatchObject({ orders: 1, gross: 6_370 });
    expect(home.events).toEqual({ draft: 0, published: 1, cancelled: 0, upcoming: 1 });
    expect(home.upcoming).toEqual([
      expect.objectContaining({ id: event.id, sold: 3, held: 2, capacity: 10, gross: 6_370 }),
    ]);
    expect(home.recentOrders[0]).toMatchObject({
      orderCode: held.order.orderCode,
      status: 'pending',
    });
  });
});

describe("the organiser's events", () => {
  it('show tickets sold and held and the gross from real orders, in the list and the detail', async () => {
    const organiser = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 1000, capacity: 20 },
    ]);
    const typeId = types[0]!.id;
    await buy(t, event.id, typeId, { quantity: 2, pay: 'test' }); // 2,000 + fee 190
    await buy(t, event.id, typeId, { quantity: 1, pay: 'test' }); // 1,000 + fee 150
    const refunded = await buy(t, event.id, typeId, { quantity: 4, pay: 'test' });
    await t.post(`${MANAGE_ORDERS}/${refunded.order.id}/refund`, {}, { token: organiser.token });
    await buy(t, event.id, typeId, { quantity: 5 }); // held
    const figures = { sold: 3, held: 5, capacity: 20, gross: 3_340 };

    const list = await t.request('GET', MANAGE, { token: organiser.token });
    expect(list.body.data.find((e: { id: string }) => e.id === event.id)).toMatchObject(figures);
    const detail = await t.request('GET', `${MANAGE}/${event.id}`, { token: organiser.token });
    expect(detail.body.data).toMatchObject(figures);
    // The ticket type's counter holds sold and held tickets together: what is left to sell.
    expect(detail.body.data.ticketTypes[0]).toMatchObject({ sold: 8, remaining: 12 });
  });
});
