import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { givenUser, logIn, uniquePhone } from '../../../test/factories.ts';
import { EVENTS, givenPublishedEvent } from '../../../test/event-factories.ts';
import { doorListJson } from '../orders/orders.door.repository.ts';

const DOOR = `${API}/ticketPurchase`;

let t: TestApp;
let owner: string;
let stranger: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await logIn(t, await givenUser(t));
  stranger = await logIn(t, await givenUser(t));
});
afterAll(() => t?.close());

/**
 * Each guest orders from their own client address, as a real crowd does: checkout limits an
 * address's share of an event's tickets and its confirmation mails (decision 025), and these
 * tests are about the door, not those limits.
 */
let guests = 0;
function guestAddress(): string {
  guests += 1;
  return `10.20.${(guests >> 8) & 255}.${guests & 255}`;
}

async function eventWithOrders(count: number, price = 0, by = owner) {
  const event = await givenPublishedEvent(t, by, {}, [
    { name: 'Entry', price, capacity: count * 3 + 10, maxPerOrder: 3 },
  ]);
  const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes as {
    id: string;
  }[];
  // Distinct guests, so they may order at once: a few at a time keeps 500 orders quick.
  const buy = async (i: number) => {
    const res = await t.post(
      `${API}/orders`,
      {
        eventId: event.id,
        items: [{ ticketTypeId: types[0]!.id, quantity: 1 + (i % 3) }],
        buyer: {
          firstName: `Guest${i}`,
          lastName: 'Adeyemi',
          email: `guest${i}.${event.id.slice(0, 6)}@example.com`,
          phone: uniquePhone(),
        },
      },
      { ip: guestAddress() },
    );
    expect(res.status, res.text).toBe(201);
    return res.body.data.order.orderCode as string;
  };
  const codes: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => buy(i + j));
    codes.push(...(await Promise.all(batch)));
  }
  return { event, codes, ticketTypeId: types[0]!.id };
}

describe('GET /ticketPurchase/event/{eventId}', () => {
  it("lists the event's admissible orders with the spec's fields for its owner", async () => {
    const { event, codes } = await eventWithOrders(3);
    const res = await t.request('GET', `${DOOR}/event/${event.id}`, { token: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(3);
    const first = res.body.data.find((o: { orderCode: string }) => o.orderCode === codes[0]);
    expect(first).toMatchObject({
      orderCode: codes[0],
      firstName: 'Guest0',
      lastName: 'Adeyemi',
      totalPrice: 0,
      quantity: 1,
      attendedAt: null,
      ticketTypes: [{ name: 'Entry', quantity: 1 }],
    });
    expect(first.email).toMatch(/^guest0\./);
  });

  it('leaves out orders that may not enter (awaiting payment)', async () => {
    const { event } = await eventWithOrders(2, 1000);
    const res = await t.request('GET', `${DOOR}/event/${event.id}`, { token: owner });
    expect(res.body.data).toHaveLength(0);
  });

  it('answers 404 to another organiser and 401 to anonymous', async () => {
    const { event } = await eventWithOrders(1);
    expect((await t.request('GET', `${DOOR}/event/${event.id}`, { token: stranger })).status).toBe(
      404,
    );
    expect((await t.request('GET', `${DOOR}/event/${event.id}`)).status).toBe(401);
    expect(
      (
        await t.post(
          `${DOOR}/mark-attended`,
          { eventId: event.id, ticketCodes: [] },
          { token: stranger },
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.post(`${DOOR}/mark-attended`, { eventId: event.id, ticketCodes: [] })).status,
    ).toBe(401);
  });
});

describe("the door list carries each order's ticket types", () => {
  it('names every type of an order with several, with how many of each', async () => {
    const event = await givenPublishedEvent(t, owner, {}, [
      { name: 'Regular', price: 0, capacity: 20, maxPerOrder: 5 },
      { name: 'VIP', price: 0, capacity: 20, maxPerOrder: 5 },
    ]);
    const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes as {
      id: string;
      name: string;
    }[];
    const id = (name: string) => types.find((type) => type.name === name)!.id;
    const res = await t.post(`${API}/orders`, {
      eventId: event.id,
      items: [
        { ticketTypeId: id('Regular'), quantity: 2 },
        { ticketTypeId: id('VIP'), quantity: 1 },
      ],
      buyer: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: '08030000000' },
    });
    expect(res.status, res.text).toBe(201);
    const list = await t.request('GET', `${DOOR}/event/${event.id}`, { token: owner });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].quantity).toBe(3);
    expect(
      [...list.body.data[0].ticketTypes].sort((a: { name: string }, b: { name: string }) =>
        a.name.localeCompare(b.name),
      ),
    ).toEqual([
      { name: 'Regular', quantity: 2 },
      { name: 'VIP', quantity: 1 },
    ]);
  });
});

describe('POST /ticketPurchase/mark-attended', () => {
  it('says codes the server had already were already sent, not that they were refused', async () => {
    const { event, codes } = await eventWithOrders(2);
    const send = (ticketCodes: string[]) =>
      t.post(`${DOOR}/mark-attended`, { eventId: event.id, ticketCodes }, { token: owner });
    expect((await send([codes[0]!])).body.data.message).toBe('1 ticket checked in.');
    // 'Send Validated Tickets' after the automatic sync sent the same code.
    const again = await send([codes[0]!]);
    expect(again.body.data.message).toBe('This ticket was already sent.');
    expect(again.body.data.message).not.toMatch(/used/);
    expect((await send([codes[0]!, codes[1]!])).body.data.message).toBe(
      '1 ticket checked in; 1 already sent earlier.',
    );
    expect((await send(codes)).body.data.message).toBe('All 2 tickets were already sent.');
    expect((await send(['12345678'])).body.data.message).toBe(
      '1 ticket not recognised for this event.',
    );
    expect((await send([])).body.data.message).toBe('No validated tickets to send yet.');
  });

  it('checks a code in once, reports a repeat as already used and unknown codes as such', async () => {
    const { event, codes } = await eventWithOrders(2);
    const other = await eventWithOrders(1);
    const first = await t.post(
      `${DOOR}/mark-attended`,
      { eventId: event.id, ticketCodes: [codes[0]] },
      { token: owner },
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ marked: [codes[0]], alreadyUsed: [], unknown: [] });
    expect(first.body.data.message).toBe('1 ticket checked in.');

    const again = await t.post(
      `${DOOR}/mark-attended`,
      { eventId: event.id, ticketCodes: [codes[0], codes[1], '12345678', other.codes[0]] },
      { token: owner },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.marked).toEqual([codes[1]]);
    expect(again.body.data.alreadyUsed.map((u: { orderCode: string }) => u.orderCode)).toEqual([
      codes[0],
    ]);
    // A code of another event is not this event's ticket.
    expect(again.body.data.unknown.sort()).toEqual(['12345678', other.codes[0]].sort());

    const list = await t.request('GET', `${DOOR}/event/${event.id}`, { token: owner });
    const attended = list.body.data.filter((o: { attendedAt: string | null }) => o.attendedAt);
    expect(attended).toHaveLength(2);
    const log = await sql<{
      n: number;
    }>`select count(*)::int as n from checkin_log where event_id = ${event.id}`.execute(t.db);
    expect(log.rows[0]!.n).toBe(5);
  });

  it('records each of 500 codes once when three devices post them at the same time, keeping the first time', async () => {
    const { event, codes } = await eventWithOrders(500);
    const post = () =>
      t.post(`${DOOR}/mark-attended`, { eventId: event.id, ticketCodes: codes }, { token: owner });
    const results = await Promise.all([post(), post(), post()]);
    for (const r of results) expect(r.status, r.text).toBe(200);
    const markedTotal = results.reduce((n, r) => n + r.body.data.marked.length, 0);
    expect(markedTotal).toBe(500);
    const usedTotal = results.reduce((n, r) => n + r.body.data.alreadyUsed.length, 0);
    expect(usedTotal).toBe(1000);

    const before = await sql<{
      code: string;
      attended_at: Date;
    }>`select code, attended_at from orders where event_id = ${event.id}`.execute(t.db);
    expect(before.rows.every((r) => r.attended_at !== null)).toBe(true);
    await t.post(
      `${DOOR}/mark-attended`,
      { eventId: event.id, ticketCodes: codes },
      { token: owner },
    );
    const after = await sql<{
      code: string;
      attended_at: Date;
    }>`select code, attended_at from orders where event_id = ${event.id}`.execute(t.db);
    const firstTime = new Map(before.rows.map((r) => [r.code, r.attended_at.getTime()]));
    for (const r of after.rows) expect(r.attended_at.getTime()).toBe(firstTime.get(r.code));
  }, 120_000);

  it('refuses a malformed body with a sentence', async () => {
    const res = await t.post(
      `${DOOR}/mark-attended`,
      { eventId: 'nope', ticketCodes: 'x' },
      { token: owner },
    );
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('GET /ticketPurchase/event/{eventId}/compact (the door’s compact list, decision 088)', () => {
  type Row = [
    string,
    string,
    string,
    string,
    number,
    number,
    number | null,
    number,
    string,
    number,
    object | null,
  ];
  // Organisers of one event each: another live event's codes would join the refused list.
  const list = (eventId: string, since?: string, token = owner) =>
    t.request('GET', `${DOOR}/event/${eventId}/compact${since ? `?since=${since}` : ''}`, {
      token,
    });
  const alone = async (count: number) => {
    const by = await logIn(t, await givenUser(t));
    return { ...(await eventWithOrders(count, 0, by)), by };
  };

  it('holds the same orders as the spec’s list, as rows, with each ticket type by name', async () => {
    const { event, codes, by } = await alone(4);
    const spec = (await t.request('GET', `${DOOR}/event/${event.id}`, { token: by })).body.data;
    const res = await list(event.id, undefined, by);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ full: true, types: ['Entry'], refused: [] });
    expect(res.body.cursor).toMatch(/^\d+\.\d+$/);
    const rows = res.body.orders as Row[];
    // Bought at once: in order of purchase, which need not be the order the answers came in.
    expect(rows.map((r) => r[0]).sort()).toEqual([...codes].sort());
    for (const order of spec) {
      const row = rows.find((r) => r[0] === order.orderCode)!;
      expect(row).toEqual([
        order.orderCode,
        order.firstName,
        order.lastName,
        order.email,
        order.totalPrice * 100,
        order.quantity,
        null,
        0,
        'Entry',
        order.quantity,
        null,
      ]);
    }
  });

  it('answers a sync with its cursor alone when nothing changed, and with the change when one did', async () => {
    const { event, codes, by } = await alone(3);
    const first = await list(event.id, undefined, by);
    // Changes stamped within the overlap before a cursor are sent again; age the seed past it.
    await sql`update orders set updated_at = updated_at - interval '1 minute' where event_id = ${event.id}`.execute(
      t.db,
    );
    const idle = await list(event.id, first.body.cursor, by);
    expect(idle.status, idle.text).toBe(200);
    expect(idle.body).toEqual({ cursor: first.body.cursor, full: false });
    expect(idle.text.length).toBeLessThan(100);

    const marked = await t.post(
      `${DOOR}/mark-attended`,
      { eventId: event.id, ticketCodes: [codes[1]] },
      { token: by },
    );
    expect(marked.status, marked.text).toBe(200);
    const delta = await list(event.id, first.body.cursor, by);
    expect(delta.body.full).toBe(false);
    expect(delta.body.cursor > first.body.cursor).toBe(true);
    const rows = delta.body.orders as Row[];
    expect(rows.map((r) => r[0])).toEqual([codes[1]]);
    expect(rows[0]![6]).toBeGreaterThan(Date.now() - 60_000);
    expect(delta.body.gone).toEqual([]);
    // A check-in changes no refused code: the device keeps the ones it has (decision 113).
    expect(delta.body).not.toHaveProperty('refused');

    // An order that leaves the list (cancelled by the organiser) comes as gone, with why.
    await sql`update orders set status = 'cancelled', cancelled_at = now(), updated_at = now()
              where code = ${codes[2]!}`.execute(t.db);
    const after = await list(event.id, delta.body.cursor, by);
    expect(after.body.gone).toEqual([codes[2]]);
    expect(after.body.refused).toContainEqual(
      expect.objectContaining({ code: codes[2], reason: 'cancelled' }),
    );
    expect((after.body.orders as Row[]).map((r) => r[0])).not.toContain(codes[2]);
  });

  it('sends another live event’s codes again when that set changed, not for its check-ins (decision 113)', async () => {
    const by = await logIn(t, await givenUser(t));
    const here = await eventWithOrders(2, 0, by);
    const there = await eventWithOrders(2, 0, by);
    const first = await list(here.event.id, undefined, by);
    expect(first.status, first.text).toBe(200);
    expect(first.body.refused).toEqual(
      expect.arrayContaining(
        there.codes.map((code) => expect.objectContaining({ code, reason: 'other_event' })),
      ),
    );
    // Changes stamped within the overlap before a cursor are sent again; age the seed past it.
    await sql`update orders set updated_at = updated_at - interval '1 minute',
                created_at = created_at - interval '1 minute'
              where event_id in (${here.event.id}, ${there.event.id})`.execute(t.db);

    // The other event's door lets a guest in: nothing this door holds changed.
    const marked = await t.post(
      `${DOOR}/mark-attended`,
      { eventId: there.event.id, ticketCodes: [there.codes[0]] },
      { token: by },
    );
    expect(marked.status, marked.text).toBe(200);
    const idle = await list(here.event.id, first.body.cursor, by);
    expect(idle.body).toEqual({ cursor: first.body.cursor, full: false });

    // A new order there is a new code this door refuses: the refused codes, and no rows.
    const types = (await t.request('GET', `${EVENTS}/${there.event.slug}`)).body.data
      .ticketTypes as { id: string }[];
    const bought = await t.post(
      `${API}/orders`,
      {
        eventId: there.event.id,
        items: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        buyer: {
          firstName: 'Late',
          lastName: 'Comer',
          email: 'late.comer@example.com',
          phone: uniquePhone(),
        },
      },
      { ip: guestAddress() },
    );
    expect(bought.status, bought.text).toBe(201);
    const code = bought.body.data.order.orderCode as string;
    const sync = await list(here.event.id, first.body.cursor, by);
    expect(sync.body.full).toBe(false);
    expect(sync.body.cursor > first.body.cursor).toBe(true);
    expect(sync.body).not.toHaveProperty('orders');
    expect(sync.body.refused).toContainEqual(
      expect.objectContaining({ code, reason: 'other_event' }),
    );
  });

  it('keeps an order whose payment method is not recorded (a null would void its row)', async () => {
    const { event, codes, by } = await alone(2);
    await sql`update orders set payment_method = null where code = ${codes[0]!}`.execute(t.db);
    const res = await list(event.id, undefined, by);
    expect(res.status, res.text).toBe(200);
    const rows = res.body.orders as Row[];
    expect(rows.map((r) => r[0]).sort()).toEqual([...codes].sort());
    expect(rows.find((r) => r[0] === codes[0])![7]).toBe(0);
  });

  it('sends the whole list compressed when the client accepts it', async () => {
    const { event } = await eventWithOrders(40);
    const plain = await list(event.id);
    for (const coding of ['br', 'gzip'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${DOOR}/event/${event.id}/compact`,
        headers: { authorization: `Bearer ${owner}`, 'accept-encoding': coding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      const body =
        coding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(JSON.parse(body.toString()).orders).toEqual(plain.body.orders);
      expect(res.rawPayload.length).toBeLessThan(plain.text.length / 3);
    }
  });

  it('answers 404 to another organiser, 401 to anonymous, 400 to a cursor it never gave', async () => {
    const { event } = await eventWithOrders(1);
    expect((await list(event.id, undefined, stranger)).status).toBe(404);
    expect((await list(event.id, '1.5', stranger)).status).toBe(404);
    expect((await t.request('GET', `${DOOR}/event/${event.id}/compact`)).status).toBe(401);
    const bad = await list(event.id, "1' or 1=1");
    expect(bad.status).toBe(400);
  });
});

describe('the compact list with several ticket types', () => {
  it('gives an order of two types two rows with its code, and the event’s types in its order', async () => {
    const by = await logIn(t, await givenUser(t));
    const event = await givenPublishedEvent(t, by, {}, [
      { name: 'Regular', price: 0, capacity: 20, maxPerOrder: 5 },
      { name: 'VIP', price: 0, capacity: 20, maxPerOrder: 5 },
    ]);
    const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes as {
      id: string;
      name: string;
    }[];
    const id = (name: string) => types.find((type) => type.name === name)!.id;
    const res = await t.post(`${API}/orders`, {
      eventId: event.id,
      items: [
        { ticketTypeId: id('VIP'), quantity: 1 },
        { ticketTypeId: id('Regular'), quantity: 2 },
      ],
      buyer: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phone: uniquePhone() },
    });
    expect(res.status, res.text).toBe(201);
    const code = res.body.data.order.orderCode as string;
    const list = await t.request('GET', `${DOOR}/event/${event.id}/compact`, { token: by });
    expect(list.body.types).toEqual(['Regular', 'VIP']);
    const rows = list.body.orders as unknown[][];
    expect(rows.map((r) => r[0])).toEqual([code, code]);
    expect(rows.map((r) => [r[8], r[9]]).sort()).toEqual([
      ['Regular', 2],
      ['VIP', 1],
    ]);
    expect(rows.every((r) => r[5] === 3)).toBe(true);
  });
});

describe('a big event’s list read in two parts at once (decision 114)', () => {
  it('holds the same rows in the same order as one statement, an order’s rows together', async () => {
    const by = await logIn(t, await givenUser(t));
    const event = await givenPublishedEvent(t, by, {}, [
      { name: 'Regular', price: 0, capacity: 60, maxPerOrder: 5 },
      { name: 'VIP', price: 0, capacity: 60, maxPerOrder: 5 },
    ]);
    const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes as {
      id: string;
    }[];
    for (let i = 0; i < 9; i++) {
      // Every third order holds both types: two rows with its code, which must not be parted.
      const items = types
        .slice(0, i % 3 === 0 ? 2 : 1)
        .map((type) => ({ ticketTypeId: type.id, quantity: 1 + (i % 2) }));
      const res = await t.post(
        `${API}/orders`,
        {
          eventId: event.id,
          items,
          buyer: {
            firstName: `Guest${i}`,
            lastName: 'Okafor',
            email: `split${i}@example.com`,
            phone: uniquePhone(),
          },
        },
        { ip: guestAddress() },
      );
      expect(res.status, res.text).toBe(201);
    }
    const one = await doorListJson(t.db, event.id, null, Infinity);
    const rows = JSON.parse(one.orders) as unknown[][];
    expect(rows).toHaveLength(12);
    const split = await doorListJson(t.db, event.id, null, 1);
    expect(split.orders).toBe(one.orders);
    expect(split.types).toBe(one.types);
    expect(split.cursor).toMatch(/^\d+\.\d+$/);

    // Orders of one moment (a group of holds shares its transaction's time): the pivot is that
    // moment, the earlier part has no rows, and the list is still whole.
    await sql`update orders set created_at = '2026-11-29T12:00:00Z' where event_id = ${event.id}`.execute(
      t.db,
    );
    const tied = await doorListJson(t.db, event.id, null, Infinity);
    expect(JSON.parse(tied.orders)).toHaveLength(12);
    expect((await doorListJson(t.db, event.id, null, 1)).orders).toBe(tied.orders);
  });
});
