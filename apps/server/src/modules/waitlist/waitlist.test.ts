import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../../../test/event-factories.ts';
import { API, startTestApp, testEngine, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  ORDERS,
  soldCounter,
} from '../../../test/organiser-factories.ts';

/** The waiting list of a sold-out ticket type (issue 14 §2, decision 032). */
let t: TestApp;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;
beforeAll(async () => {
  t = await startTestApp();
  organiser = await givenOrganiser(t);
}, 180_000);
afterAll(() => t?.close());

const WAITLIST = `${API}/waitlist`;
let ipSeq = 0;
const freshIp = () => `10.14.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function soldOutEvent(capacity = 2, maxPerOrder = 10) {
  const { event, types } = await givenEventWithTypes(t, organiser.token, [
    { name: 'Regular', price: 5000, capacity, maxPerOrder },
  ]);
  const typeId = types[0]!.id;
  // Held, not paid: every ticket is in a pending order.
  const holds = [];
  for (let i = 0; i < capacity; i++) holds.push(await buy(t, event.id, typeId));
  return { eventId: event.id, typeId, holds };
}

async function join(eventId: string, ticketTypeId: string, quantity = 1, email?: string) {
  const who = buyer();
  const res = await t.post(
    WAITLIST,
    {
      eventId,
      ticketTypeId,
      name: `${who.firstName} ${who.lastName}`,
      email: email ?? who.email,
      quantity,
    },
    { ip: freshIp() },
  );
  return { res, email: (email ?? who.email).toLowerCase() };
}

async function entries(eventId: string) {
  const res = await t.request('GET', `${MANAGE}/${eventId}/waitlist`, { token: organiser.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data.entries as {
    id: string;
    position: number;
    email: string;
    quantity: number;
    status: string;
    orderId: string | null;
    offeredUntil: string | null;
  }[];
}

async function expireOrders(orderIds: string[]) {
  await sql`update orders set reserved_until = now() - interval '1 second' where id in (${sql.join(orderIds)})`.execute(
    t.db,
  );
  return t.app.services.orders.holds.expireHolds();
}

function leaveToken(text: string): string {
  const match = /\/waitlist\/leave\?token=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

async function openHolds(eventId: string) {
  const res = await t.request('GET', `${API}/events/manage/orders/holds?eventId=${eventId}`, {
    token: organiser.token,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { orderId: string; waitlistOffer: boolean; reservedUntil: string }[];
}

function claimToken(text: string): string {
  const match = /\/checkout\/waitlist\?token=([A-Za-z0-9_-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

describe('joining', () => {
  it('is refused while the type is on sale, then taken once per email when sold out', async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 5000, capacity: 1 },
    ]);
    const typeId = types[0]!.id;
    const early = await join(event.id, typeId);
    expect(early.res.status, early.res.text).toBe(409);
    expect(early.res.body.error).toMatch(/still on sale/);

    await buy(t, event.id, typeId);
    const first = await join(event.id, typeId, 1);
    expect(first.res.status, first.res.text).toBe(201);
    expect(first.res.body.message).toMatch(/waiting list/);
    const again = await join(event.id, typeId, 1, first.email.toUpperCase());
    expect(again.res.status).toBe(201);
    expect(again.res.body).toEqual(first.res.body);
    const list = await entries(event.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ position: 1, status: 'waiting', email: first.email });
    expect((await t.latestMailTo(first.email, 'waitlist-joined')).text_body).toMatch(
      /on the waiting list/,
    );
    expect(await t.mailsTo(first.email)).toHaveLength(1);
  });

  it('tells each person their place in line, on the screen and in the mail', async () => {
    const { eventId, typeId } = await soldOutEvent(1, 4);
    const a = await join(eventId, typeId);
    const b = await join(eventId, typeId);
    const c = await join(eventId, typeId);
    expect(a.res.body.data.place).toBe(1);
    expect(a.res.body.message).toMatch(/You are first in line\./);
    expect(b.res.body.data.place).toBe(2);
    expect(c.res.body.data.place).toBe(3);
    expect(c.res.body.message).toMatch(/You are number 3 in line\./);
    expect((await t.latestMailTo(c.email, 'waitlist-joined')).text_body).toMatch(
      /You are number 3 in line\./,
    );
    // Someone ahead leaves: the places behind move up, and a repeat join is told its new place.
    const token = leaveToken((await t.latestMailTo(a.email, 'waitlist-joined')).text_body);
    expect((await t.post(`${WAITLIST}/leave`, { token }, { ip: freshIp() })).status).toBe(200);
    const again = await join(eventId, typeId, 1, c.email);
    expect(again.res.body.data.place).toBe(2);
    expect(await t.mailsTo(c.email)).toHaveLength(1);
  });

  it("refuses more than the type's per-order limit, bad input, and too many joins from one address", async () => {
    const { eventId, typeId } = await soldOutEvent(1, 4);
    expect((await join(eventId, typeId, 5)).res.status).toBe(400);
    const bad = await t.post(WAITLIST, { eventId, ticketTypeId: typeId, name: '', email: 'x' });
    expect(bad.status).toBe(400);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const who = buyer();
      const res = await t.post(
        WAITLIST,
        { eventId, ticketTypeId: typeId, name: 'Ada Obi', email: who.email, quantity: 1 },
        { ip },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('offers', () => {
  it('offers expired holds to the next people in line, holds their tickets, and mails a link that pays for them', async () => {
    const { eventId, typeId, holds } = await soldOutEvent(2);
    const a = await join(eventId, typeId, 1);
    const big = await join(eventId, typeId, 2);
    const c = await join(eventId, typeId, 1);
    expect(await soldCounter(t, typeId)).toBe(2);

    // Both holds run out: a (1) fits, then big (2) does not fit the 1 left, c (1) does.
    await expireOrders(holds.map((h) => h.order.id));
    const list = await entries(eventId);
    expect(list.map((e) => [e.email, e.status])).toEqual([
      [a.email, 'offered'],
      [big.email, 'waiting'],
      [c.email, 'offered'],
    ]);
    expect(await soldCounter(t, typeId)).toBe(2);
    const offered = list[0]!;
    expect(Date.parse(offered.offeredUntil!) - Date.now()).toBeGreaterThan(11 * 3_600_000);

    const mail = await t.latestMailTo(a.email, 'waitlist-offer');
    expect(mail.text_body).toMatch(/held for you until/);
    const claimed = await t.post(`${WAITLIST}/claim`, { token: claimToken(mail.text_body) });
    expect(claimed.status, claimed.text).toBe(200);
    const { order, accessToken } = claimed.body.data;
    expect(order).toMatchObject({ id: offered.orderId, status: 'pending', quantity: 1 });
    expect(order.email).toBe(a.email);

    // The checkout's own pages pay for it.
    const headers = { 'x-order-token': accessToken as string };
    expect(
      (await t.post(`${ORDERS}/${order.id}/pay`, { method: 'test' }, { headers })).status,
    ).toBe(200);
    const paid = await t.post(
      `${ORDERS}/${order.id}/test-payment`,
      { outcome: 'success' },
      { headers },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.status).toBe('completed');
    expect((await entries(eventId))[0]!.status).toBe('claimed');
  });

  it('passes an unclaimed offer on when it expires, and says so on its link', async () => {
    const { eventId, typeId, holds } = await soldOutEvent(1);
    const a = await join(eventId, typeId, 1);
    const b = await join(eventId, typeId, 1);
    await expireOrders([holds[0]!.order.id]);
    const first = (await entries(eventId))[0]!;
    expect(first.status).toBe('offered');
    const token = claimToken((await t.latestMailTo(a.email, 'waitlist-offer')).text_body);

    // The organiser's holds panel tells the offer from someone in checkout.
    const held = await openHolds(eventId);
    expect(held).toEqual([
      expect.objectContaining({ orderId: first.orderId, waitlistOffer: true }),
    ]);
    expect(await t.mailsTo(a.email)).toHaveLength(2);

    await expireOrders([first.orderId!]);
    const list = await entries(eventId);
    expect(list.map((e) => e.status)).toEqual(['expired', 'offered']);
    // The person whose offer lapsed is told, once: the tickets went on, they are off the list.
    const lapsed = await t.latestMailTo(a.email, 'waitlist-lapsed');
    expect(lapsed.text_body).toMatch(/has ended without being paid for/);
    expect(lapsed.text_body).toMatch(/no longer on the waiting list/);
    expect((await t.mailsTo(a.email)).filter((m) => m.kind === 'waitlist-lapsed')).toHaveLength(1);
    expect((await t.mailsTo(b.email)).some((m) => m.kind === 'waitlist-lapsed')).toBe(false);
    expect(await soldCounter(t, typeId)).toBe(1);
    await t.latestMailTo(b.email, 'waitlist-offer');
    const late = await t.post(`${WAITLIST}/claim`, { token });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/expired/);
    expect((await t.post(`${WAITLIST}/claim`, { token: 'x'.repeat(43) })).status).toBe(404);
  });

  it('offers tickets freed by a cancellation and by a raised capacity', async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 5000, capacity: 1 },
    ]);
    const typeId = types[0]!.id;
    const sold = await buy(t, event.id, typeId, { pay: 'test' });
    const a = await join(event.id, typeId, 1);
    const b = await join(event.id, typeId, 2);
    const cancel = await t.post(
      `${API}/events/manage/orders/${sold.order.id}/cancel`,
      {},
      { token: organiser.token },
    );
    expect(cancel.status, cancel.text).toBe(200);
    expect((await entries(event.id)).map((e) => e.status)).toEqual(['offered', 'waiting']);
    await t.latestMailTo(a.email, 'waitlist-offer');

    const raised = await t.request('PATCH', `${MANAGE}/${event.id}/ticket-types/${typeId}`, {
      token: organiser.token,
      body: { capacity: 3 },
    });
    expect(raised.status, raised.text).toBe(200);
    expect((await entries(event.id)).map((e) => e.status)).toEqual(['offered', 'offered']);
    expect(await soldCounter(t, typeId)).toBe(3);
    await t.latestMailTo(b.email, 'waitlist-offer');
  });
});

describe('free tickets', () => {
  it('completes a free offer when its link is opened and mails the tickets', async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 0, capacity: 1 },
    ]);
    const typeId = types[0]!.id;
    const taken = await buy(t, event.id, typeId);
    expect(taken.order.status).toBe('completed');
    const a = await join(event.id, typeId, 1);
    const cancel = await t.post(
      `${API}/events/manage/orders/${taken.order.id}/cancel`,
      {},
      { token: organiser.token },
    );
    expect(cancel.status, cancel.text).toBe(200);
    const token = claimToken((await t.latestMailTo(a.email, 'waitlist-offer')).text_body);
    const claimed = await t.post(`${WAITLIST}/claim`, { token });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.data.order).toMatchObject({ status: 'completed', paymentMethod: 'free' });
    expect((await entries(event.id))[0]!.status).toBe('claimed');
    await t.latestMailTo(a.email, 'order-confirmation');
    // The link is used up once the offer is claimed (the order lookup finds it from then on).
    const again = await t.post(`${WAITLIST}/claim`, { token });
    expect(again.status).toBe(404);
    expect(await soldCounter(t, typeId)).toBe(1);
  });
});

describe("the organiser's list", () => {
  it('removes a waiting person, withdraws an offer (the next person gets it), and is 404 to another organiser', async () => {
    const { eventId, typeId, holds } = await soldOutEvent(1);
    await join(eventId, typeId, 1);
    const b = await join(eventId, typeId, 1);
    const c = await join(eventId, typeId, 1);
    await expireOrders([holds[0]!.order.id]);
    let list = await entries(eventId);
    const removeUrl = (id: string) => `${MANAGE}/${eventId}/waitlist/${id}/remove`;

    const other = await givenOrganiser(t);
    const theirs = await t.post(removeUrl(list[1]!.id), {}, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain(b.email);
    const peek = await t.request('GET', `${MANAGE}/${eventId}/waitlist`, { token: other.token });
    expect(peek.status).toBe(404);

    const removed = await t.post(removeUrl(list[1]!.id), {}, { token: organiser.token });
    expect(removed.status, removed.text).toBe(200);
    // The offer to the first person is withdrawn: its hold ends and c (next waiting) gets it.
    const withdrawn = await t.post(removeUrl(list[0]!.id), {}, { token: organiser.token });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    list = await entries(eventId);
    expect(list.map((e) => e.status)).toEqual(['removed', 'removed', 'offered']);
    expect(list[2]!.email).toBe(c.email);
    expect(await soldCounter(t, typeId)).toBe(1);
    const again = await t.post(removeUrl(list[0]!.id), {}, { token: organiser.token });
    expect(again.status).toBe(409);
  });
});

describe('leaving the list', () => {
  it('leaves from the link in the join mail, once, and shows the organiser who left', async () => {
    const { eventId, typeId } = await soldOutEvent(1);
    const a = await join(eventId, typeId, 2);
    const joined = await t.latestMailTo(a.email, 'waitlist-joined');
    expect(joined.text_body).toMatch(/Leave the waiting list: /);
    const token = leaveToken(joined.text_body);

    const left = await t.post(`${WAITLIST}/leave`, { token }, { ip: freshIp() });
    expect(left.status, left.text).toBe(200);
    expect(left.body.data).toEqual({
      eventTitle: expect.any(String),
      ticketTypeName: 'Regular',
      quantity: 2,
    });
    expect(left.body.message).toMatch(/left the waiting list/);
    expect((await entries(eventId)).map((e) => e.status)).toEqual(['left']);
    // The same link again: the same answer, nothing else changes.
    const again = await t.post(`${WAITLIST}/leave`, { token }, { ip: freshIp() });
    expect(again.status, again.text).toBe(200);
    // Joining again is a new place at the end of the line.
    expect((await join(eventId, typeId, 1, a.email)).res.status).toBe(201);
    expect((await entries(eventId)).map((e) => e.status)).toEqual(['left', 'waiting']);
  });

  it('withdraws an open offer when its holder leaves: the next person gets the tickets', async () => {
    const { eventId, typeId, holds: taken } = await soldOutEvent(1);
    const a = await join(eventId, typeId, 1);
    const b = await join(eventId, typeId, 1);
    await expireOrders([taken[0]!.order.id]);
    const offer = await t.latestMailTo(a.email, 'waitlist-offer');
    const claim = claimToken(offer.text_body);

    const left = await t.post(
      `${WAITLIST}/leave`,
      { token: leaveToken(offer.text_body) },
      { ip: freshIp() },
    );
    expect(left.status, left.text).toBe(200);
    const list = await entries(eventId);
    expect(list.map((e) => [e.email, e.status])).toEqual([
      [a.email, 'left'],
      [b.email, 'offered'],
    ]);
    expect(await soldCounter(t, typeId)).toBe(1);
    await t.latestMailTo(b.email, 'waitlist-offer');
    // Who left is not told their offer lapsed, and their claim link is dead.
    expect((await t.mailsTo(a.email)).some((m) => m.kind === 'waitlist-lapsed')).toBe(false);
    expect((await t.post(`${WAITLIST}/claim`, { token: claim })).status).toBe(404);
    const order = await t.request('GET', `${API}/events/manage/orders/${list[0]!.orderId}`, {
      token: organiser.token,
    });
    expect(order.body.data.status).toBe('cancelled');
  });

  it('refuses forged and altered links, a used place, and too many tries from one address', async () => {
    const { eventId, typeId } = await soldOutEvent(1);
    const a = await join(eventId, typeId, 1);
    const token = leaveToken((await t.latestMailTo(a.email, 'waitlist-joined')).text_body);
    const [id, mac] = token.split('.') as [string, string];
    const flipped = `${id}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const other = await join(eventId, typeId, 1);
    const otherId = (await entries(eventId)).find((e) => e.email === other.email)!.id;
    const ip = freshIp();
    for (const bad of [flipped, `${otherId}.${mac}`, 'x'.repeat(43), `${id}.`]) {
      const res = await t.post(`${WAITLIST}/leave`, { token: bad }, { ip });
      expect([400, 404], `${bad}: ${res.text}`).toContain(res.status);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await entries(eventId)).map((e) => e.status)).toEqual(['waiting', 'waiting']);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await t.post(`${WAITLIST}/leave`, { token: flipped }, { ip })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    // The right link from another address still works.
    expect((await t.post(`${WAITLIST}/leave`, { token }, { ip: freshIp() })).status).toBe(200);

    // A claimed place cannot be left.
    await sql`update waitlist_entries set status = 'claimed' where id = ${otherId}`.execute(t.db);
    const otherToken = leaveToken((await t.latestMailTo(other.email, 'waitlist-joined')).text_body);
    const used = await t.post(`${WAITLIST}/leave`, { token: otherToken }, { ip: freshIp() });
    expect(used.status).toBe(409);
    expect(used.body.error).toMatch(/already have these tickets/);
  });
});

describe('concurrency', () => {
  it('makes one offer per freed ticket when several sweepers and releases run at once, and never oversells', async () => {
    const capacity = 6;
    const { eventId, typeId, holds } = await soldOutEvent(capacity);
    const people = [];
    for (let i = 0; i < 20; i++) people.push(await join(eventId, typeId, 1));
    // Half the holds run out, in two sweeps at once; the capacity is raised behind the
    // app's back (no hook) and four offer sweeps race for those tickets too.
    await sql`update orders set reserved_until = now() - interval '1 second' where id in (${sql.join(
      holds.slice(0, 3).map((h) => h.order.id),
    )})`.execute(t.db);
    await sql`update ticket_types set capacity = capacity + 5 where id = ${typeId}`.execute(t.db);
    const waitlist = t.app.services.waitlist;
    await Promise.all([
      t.app.services.orders.holds.expireHolds(),
      t.app.services.orders.holds.expireHolds(),
      waitlist.offerAvailable(eventId),
      waitlist.offerAvailable(eventId),
      waitlist.offerAvailable(eventId),
      waitlist.offerAvailable(eventId),
    ]);
    await waitlist.offerAvailable(eventId);

    const list = await entries(eventId);
    const offered = list.filter((e) => e.status === 'offered');
    expect(offered).toHaveLength(3 + 5);
    // The first in line, each once, each with an order of their own.
    expect(offered.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(offered.map((e) => e.orderId)).size).toBe(8);
    const { rows } = await sql<{ n: number; tickets: number }>`
      select count(*)::int as n, coalesce(sum(i.quantity), 0)::int as tickets
      from orders o join order_items i on i.order_id = o.id
      where o.event_id = ${eventId} and o.status = 'pending'`.execute(t.db);
    expect(rows[0]).toEqual({ n: 3 + 8, tickets: 3 + 8 });
    expect(await soldCounter(t, typeId)).toBe(capacity + 5);
    const mails = await Promise.all(people.map((p) => t.mailsTo(p.email)));
    const offerMails = mails.flat().filter((m) => m.kind === 'waitlist-offer');
    expect(offerMails).toHaveLength(8);
    expect(testEngine).toMatch(/pglite|postgres/);
  });
});
