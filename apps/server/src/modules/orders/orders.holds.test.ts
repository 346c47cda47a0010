import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
  ORDERS,
} from '../../../test/organiser-factories.ts';
import { CHECKOUT_LIMIT_RULES, emailKey } from './orders.limits.ts';

/** Holds that must be earned (decision 025): offline payment, confirmation links, caps. */
let t: TestApp;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;
beforeAll(async () => {
  t = await startTestApp();
  organiser = await givenOrganiser(t);
  // Starting an app is slow on a loaded machine.
}, 180_000);
afterAll(() => t?.close());

const HOUR = 3_600_000;

async function event(overrides: Record<string, unknown> = {}, capacity = 50) {
  const { event, types } = await givenEventWithTypes(
    t,
    organiser.token,
    [{ price: 5000, capacity }],
    overrides,
  );
  return { eventId: event.id, typeId: types[0]!.id };
}

async function pending(eventId: string, typeId: string, who = buyer(), ip = '102.89.1.1') {
  const res = await t.post(
    ORDERS,
    { eventId, items: [{ ticketTypeId: typeId, quantity: 2 }], buyer: who },
    { ip },
  );
  expect(res.status, res.text).toBe(201);
  return {
    id: res.body.data.order.id as string,
    email: who.email,
    headers: { 'x-order-token': res.body.data.accessToken as string },
  };
}

const payOffline = (o: { id: string; headers: Record<string, string> }) =>
  t.post(`${ORDERS}/${o.id}/pay`, { method: 'offline' }, { headers: o.headers });

async function linkTokenFor(email: string): Promise<string> {
  const mail = await t.latestMailTo(email, 'order-hold-confirmation');
  const match = /\/checkout\/hold\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body);
  expect(match, mail.text_body).not.toBeNull();
  return match![1]!;
}

describe('offline payment', () => {
  it('is off unless the organiser turns it on for the event', async () => {
    const { eventId, typeId } = await event();
    const o = await pending(eventId, typeId);
    const res = await payOffline(o);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'This event does not take offline payment. Please choose another way to pay.',
    );
    const page = await t.request('GET', `${API}/events/manage/${eventId}`, {
      token: organiser.token,
    });
    expect(page.body.data).toMatchObject({ offlinePayment: false, offlineHoldHours: 72 });
  });

  it('keeps the normal hold until the buyer confirms their email, then holds for the event’s hours, once', async () => {
    const { eventId, typeId } = await event({ offlinePayment: true, offlineHoldHours: 48 });
    const o = await pending(eventId, typeId);
    const chosen = await payOffline(o);
    expect(chosen.status, chosen.text).toBe(200);
    const before = new Date(chosen.body.data.reservedUntil).getTime();
    expect(before).toBeLessThanOrEqual(Date.now() + (t.config.orderHoldSeconds + 5) * 1000);
    expect(chosen.body.data.holdConfirmedAt).toBeNull();

    const token = await linkTokenFor(o.email);
    // Only the hash is stored.
    const row = await sql<{
      h: string;
    }>`select hold_token_hash as h from orders where id = ${o.id}`.execute(t.db);
    expect(row.rows[0]!.h).not.toBe(token);
    expect(row.rows[0]!.h).toHaveLength(64);

    const confirmed = await t.post(`${ORDERS}/confirm-hold`, { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    const until = new Date(confirmed.body.data.order.reservedUntil).getTime();
    expect(until).toBeGreaterThan(Date.now() + 47 * HOUR);
    expect(until).toBeLessThanOrEqual(Date.now() + 48 * HOUR);
    expect(confirmed.body.data.order.holdConfirmedAt).not.toBeNull();
    const read = await t.request('GET', `${ORDERS}/${o.id}`, {
      headers: { 'x-order-token': confirmed.body.data.accessToken },
    });
    expect(read.status).toBe(200);

    const again = await t.post(`${ORDERS}/confirm-hold`, { token });
    expect(again.status).toBe(404);
  });

  it('lets an unconfirmed offline order lapse like any pending order', async () => {
    const { eventId, typeId } = await event({ offlinePayment: true });
    const o = await pending(eventId, typeId);
    expect((await payOffline(o)).status).toBe(200);
    const token = await linkTokenFor(o.email);
    await sql`update orders set reserved_until = now() - interval '1 second' where id = ${o.id}`.execute(
      t.db,
    );
    await t.app.services.orders.holds.expireHolds(eventId);
    const res = await t.post(`${ORDERS}/confirm-hold`, { token });
    expect(res.status).toBe(409);
    const status = await sql<{
      s: string;
    }>`select status as s from orders where id = ${o.id}`.execute(t.db);
    expect(status.rows[0]!.s).toBe('expired');
  });
});

describe('open holds per buyer', () => {
  it('allows two pending orders per buyer and event, however the email or phone is written', async () => {
    const { eventId, typeId } = await event();
    const me = buyer({ email: 'Ada.Obi@gmail.com', phone: '0803 777 0001' });
    await pending(eventId, typeId, me);
    await pending(eventId, typeId, { ...me, email: 'adaobi+second@gmail.com' });
    const third = await t.post(ORDERS, {
      eventId,
      items: [{ ticketTypeId: typeId, quantity: 1 }],
      buyer: { ...me, email: 'someone.else@example.com', phone: '+2348037770001' },
    });
    expect(third.status).toBe(409);
    expect(third.body.error).toMatch(/already have 2 orders waiting for payment for this event/);
    expect(emailKey(' A.D.A.Obi+x@GoogleMail.com ')).toBe('adaobi@gmail.com');
  });

  it("refuses a free order too while the buyer's two holds are open, counted in the group (decision 094)", async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 5000, capacity: 20 },
      { price: 0, capacity: 20 },
    ]);
    const [paid, free] = [types[0]!.id, types[1]!.id];
    const me = buyer({ email: 'two.holds@example.com', phone: '0803 777 0042' });
    await pending(event.id, paid, me);
    await pending(event.id, paid, me);
    const freeOrder = (who: typeof me, ip: string) =>
      t.post(
        ORDERS,
        { eventId: event.id, items: [{ ticketTypeId: free, quantity: 1 }], buyer: who },
        { ip },
      );
    const mine = await freeOrder(me, '102.89.7.1');
    expect(mine.status, mine.text).toBe(409);
    expect(mine.body.error).toMatch(/already have 2 orders waiting for payment for this event/);
    // Another buyer's free order in the same moment is not held back by it.
    const other = await freeOrder(buyer({ phone: '0803 777 0043' }), '102.89.7.2');
    expect(other.status, other.text).toBe(201);
  });
});

describe('confirmation mails', () => {
  it('limits order mails per recipient', async () => {
    const { eventId, typeId } = await givenEventWithTypes(t, organiser.token, [
      { price: 0, capacity: 1000, maxPerOrder: 1 },
    ]).then((r) => ({ eventId: r.event.id, typeId: r.types[0]!.id }));
    const victim = 'victim.mailbox@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < CHECKOUT_LIMIT_RULES.ordersPerEmail.points + 5; i++) {
      const res = await t.post(
        ORDERS,
        {
          eventId,
          items: [{ ticketTypeId: typeId, quantity: 1 }],
          buyer: buyer({ email: victim }),
        },
        { ip: `41.190.2.${i}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(
      CHECKOUT_LIMIT_RULES.ordersPerEmail.points,
    );
    expect(statuses).toContain(429);
    expect((await t.mailsTo(victim)).length).toBeLessThanOrEqual(
      CHECKOUT_LIMIT_RULES.ordersPerEmail.points,
    );
  });
});

describe("the organiser's holds", () => {
  it('lists who holds how many until when, and releases one (another organiser: 404)', async () => {
    const { eventId, typeId } = await event({ offlinePayment: true });
    const a = await pending(eventId, typeId);
    const b = await pending(eventId, typeId);
    expect((await payOffline(b)).status).toBe(200);
    await t.post(`${ORDERS}/confirm-hold`, { token: await linkTokenFor(b.email) });

    const list = await t.request('GET', `${MANAGE_ORDERS}/holds?eventId=${eventId}`, {
      token: organiser.token,
    });
    expect(list.status, list.text).toBe(200);
    const holds = list.body.data as {
      orderId: string;
      quantity: number;
      holdConfirmedAt: string | null;
      paymentMethod: string | null;
      reservedUntil: string;
    }[];
    expect(holds.map((h) => h.orderId).sort()).toEqual([a.id, b.id].sort());
    expect(holds.find((h) => h.orderId === b.id)).toMatchObject({
      quantity: 2,
      paymentMethod: 'offline',
    });
    expect(holds.find((h) => h.orderId === b.id)!.holdConfirmedAt).not.toBeNull();
    expect(holds.find((h) => h.orderId === a.id)!.holdConfirmedAt).toBeNull();

    const stranger = await givenOrganiser(t);
    const peek = await t.request('GET', `${MANAGE_ORDERS}/holds?eventId=${eventId}`, {
      token: stranger.token,
    });
    expect(peek.status).toBe(404);
    const steal = await t.post(`${MANAGE_ORDERS}/${b.id}/release`, {}, { token: stranger.token });
    expect(steal.status).toBe(404);

    const released = await t.post(
      `${MANAGE_ORDERS}/${b.id}/release`,
      {},
      { token: organiser.token },
    );
    expect(released.status, released.text).toBe(200);
    expect(released.body.data.status).toBe('cancelled');
    const after = await t.request('GET', `${MANAGE_ORDERS}/holds?eventId=${eventId}`, {
      token: organiser.token,
    });
    expect(after.body.data.map((h: { orderId: string }) => h.orderId)).toEqual([a.id]);
    const sold = await sql<{
      sold: number;
    }>`select sold from ticket_types where id = ${typeId}`.execute(t.db);
    expect(sold.rows[0]!.sold).toBe(2);
  });
});
