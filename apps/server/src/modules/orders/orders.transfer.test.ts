import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../../../test/event-factories.ts';
import { e164, uniquePhone } from '../../../test/factories.ts';
import { API, startTestApp, testEngine, type Reply, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
  ORDERS,
} from '../../../test/organiser-factories.ts';

/** Transfers (issue 14 §3, decision 033): a new holder, a new code, the old one dead at the door. */
let t: TestApp;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;
beforeAll(async () => {
  t = await startTestApp();
  organiser = await givenOrganiser(t);
}, 180_000);
afterAll(() => t?.close());

const DOOR = `${API}/ticketPurchase`;

async function completedOrder(overrides: Record<string, unknown> = {}) {
  const { event, types } = await givenEventWithTypes(
    t,
    organiser.token,
    [{ price: 5000, capacity: 10 }],
    overrides,
  );
  const who = buyer();
  const bought = await buy(t, event.id, types[0]!.id, { buyer: who, pay: 'test', quantity: 2 });
  return {
    eventId: event.id,
    order: bought.order,
    email: who.email.toLowerCase(),
    headers: { 'x-order-token': bought.accessToken },
  };
}

const recipient = () => {
  const who = buyer({ firstName: 'Amaka', lastName: 'Eze' });
  return { firstName: who.firstName, lastName: who.lastName, email: who.email };
};

async function doorCodes(eventId: string): Promise<string[]> {
  const res = await t.request('GET', `${DOOR}/event/${eventId}`, { token: organiser.token });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { orderCode: string }[]).map((o) => o.orderCode);
}

describe("the buyer's transfer", () => {
  it('issues a new code to the new holder, kills the old one at the door and in the lookup, and keeps both', async () => {
    const { eventId, order, email, headers } = await completedOrder();
    const to = recipient();
    const res = await t.post(`${ORDERS}/${order.id}/transfer`, to, { headers });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ firstName: 'Amaka', email: to.email.toLowerCase() });
    // The old holder never learns the new code.
    expect(res.text).not.toMatch(/"orderCode"/);

    const row = await sql<{ code: string; email: string; status: string }>`
      select code, email, status from orders where id = ${order.id}`.execute(t.db);
    const newCode = row.rows[0]!.code;
    expect(newCode).toMatch(/^\d{8}$/);
    expect(newCode).not.toBe(order.orderCode);
    expect(row.rows[0]).toMatchObject({ email: to.email.toLowerCase(), status: 'completed' });

    // The old token and the old code are dead; the new pair works.
    expect((await t.request('GET', `${ORDERS}/${order.id}`, { headers })).status).toBe(404);
    const oldLookup = await t.post(`${ORDERS}/lookup`, { orderCode: order.orderCode, email });
    expect(oldLookup.status).toBe(404);
    const newLookup = await t.post(`${ORDERS}/lookup`, { orderCode: newCode, email: to.email });
    expect(newLookup.status, newLookup.text).toBe(200);

    // The door: the list carries the new code only; mark-attended refuses the old one.
    const codes = await doorCodes(eventId);
    expect(codes).toContain(newCode);
    expect(codes).not.toContain(order.orderCode);
    const old = await t.post(
      `${DOOR}/mark-attended`,
      { eventId, ticketCodes: [order.orderCode] },
      { token: organiser.token },
    );
    expect(old.status).toBe(200);
    expect(old.body.data).toMatchObject({
      marked: [],
      unknown: [order.orderCode],
      transferred: [order.orderCode],
    });
    const fresh = await t.post(
      `${DOOR}/mark-attended`,
      { eventId, ticketCodes: [newCode] },
      { token: organiser.token },
    );
    expect(fresh.body.data.marked).toEqual([newCode]);

    // Mails: the new holder's tickets under the new code; the old holder told.
    const toMail = await t.latestMailTo(to.email.toLowerCase(), 'order-confirmation');
    expect(toMail.subject).toContain(newCode);
    expect(toMail.text_body).toMatch(/transferred these tickets to you/);
    const awayMail = await t.latestMailTo(email, 'order-transferred');
    expect(awayMail.text_body).toContain(`Order code ${order.orderCode} no longer works`);
    expect(awayMail.text_body).not.toContain(newCode);

    // The history keeps both codes and holders.
    const detail = await t.request('GET', `${MANAGE_ORDERS}/${order.id}`, {
      token: organiser.token,
    });
    const entry = (detail.body.data.history as { kind: string; detail: string }[]).find(
      (h) => h.kind === 'transferred',
    );
    expect(entry?.detail).toContain(order.orderCode);
    expect(entry?.detail).toContain(newCode);
    const kept = await sql<{ from_code: string; to_code: string; from_email: string }>`
      select from_code, to_code, from_email from order_transfers where order_id = ${order.id}`.execute(
      t.db,
    );
    expect(kept.rows).toEqual([
      { from_code: order.orderCode, to_code: newCode, from_email: email },
    ]);
  });

  it('refuses a checked-in order, an unpaid one, the same email, and an event that forbids transfers', async () => {
    const checkedIn = await completedOrder();
    await t.post(
      `${DOOR}/mark-attended`,
      { eventId: checkedIn.eventId, ticketCodes: [checkedIn.order.orderCode] },
      { token: organiser.token },
    );
    const late = await t.post(`${ORDERS}/${checkedIn.order.id}/transfer`, recipient(), {
      headers: checkedIn.headers,
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/checked in/);

    const { event, types } = await givenEventWithTypes(t, organiser.token, [{ price: 5000 }]);
    const unpaid = await buy(t, event.id, types[0]!.id);
    const pending = await t.post(`${ORDERS}/${unpaid.order.id}/transfer`, recipient(), {
      headers: { 'x-order-token': unpaid.accessToken },
    });
    expect(pending.status).toBe(409);

    const own = await completedOrder();
    const same = await t.post(
      `${ORDERS}/${own.order.id}/transfer`,
      { firstName: 'Me', lastName: 'Again', email: own.email.toUpperCase() },
      { headers: own.headers },
    );
    expect(same.status).toBe(400);

    const forbidden = await completedOrder({ allowTransfers: false });
    const refused = await t.post(`${ORDERS}/${forbidden.order.id}/transfer`, recipient(), {
      headers: forbidden.headers,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/does not allow/);
    expect(await doorCodes(forbidden.eventId)).toContain(forbidden.order.orderCode);
    expect(
      (await t.post(`${ORDERS}/${forbidden.order.id}/transfer`, recipient())).status,
      'no token',
    ).toBe(404);
  });

  it('lets the organiser allow or forbid transfers per event, allowed by default', async () => {
    const { event } = await givenEventWithTypes(t, organiser.token, [{ price: 5000 }]);
    const read = await t.request('GET', `${MANAGE}/${event.id}`, { token: organiser.token });
    expect(read.body.data.allowTransfers).toBe(true);
    const off = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: organiser.token,
      body: { allowTransfers: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.allowTransfers).toBe(false);
  });
});

describe("the organiser's transfer", () => {
  it("transfers on the buyer's behalf even where buyers may not, and is 404 to another organiser", async () => {
    const { eventId, order, headers } = await completedOrder({ allowTransfers: false });
    const other = await givenOrganiser(t);
    const theirs = await t.post(`${MANAGE_ORDERS}/${order.id}/transfer`, recipient(), {
      token: other.token,
    });
    expect(theirs.status).toBe(404);

    const before = await t.request('GET', `${MANAGE_ORDERS}/${order.id}`, {
      token: organiser.token,
    });
    expect(before.body.data.actions.transfer).toBe(true);
    const to = recipient();
    const res = await t.post(`${MANAGE_ORDERS}/${order.id}/transfer`, to, {
      token: organiser.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.orderCode).not.toBe(order.orderCode);
    expect(res.body.data.email).toBe(to.email.toLowerCase());
    expect(res.body.message).toMatch(/old code no longer works/);
    expect(res.body.data.history.some((h: { kind: string }) => h.kind === 'transferred')).toBe(
      true,
    );
    expect(await doorCodes(eventId)).toEqual([res.body.data.orderCode]);
    expect((await t.request('GET', `${ORDERS}/${order.id}`, { headers })).status).toBe(404);
  });
});

/**
 * Issue 21 §1: the same transfer sent twenty times at once. The check that allows a transfer
 * (the buyer's token, the order's code, the status, the same holder, the daily limit) runs
 * on the order's locked row inside the transaction that moves it (decision 050), so one
 * request transfers and the rest write and send nothing. A real race on PostgreSQL; PGlite
 * runs one statement at a time and passes either way.
 */
describe(`twenty transfers at once (${testEngine})`, () => {
  const N = 20;

  /** Messages queued since `since` to any of `to`, by kind. */
  async function queued(since: Date, to: string[]) {
    const rows = await sql<{ kind: string; channel: string; n: number }>`
      select kind, channel, count(*)::int as n from mail_outbox
      where created_at >= ${since} and to_address in (${sql.join(to)})
      group by kind, channel order by kind`.execute(t.db);
    return Object.fromEntries(rows.rows.map((r) => [`${r.channel}:${r.kind}`, r.n]));
  }
  const transfers = async (orderId: string) =>
    (
      await sql<{ n: number }>`
        select count(*)::int as n from order_transfers where order_id = ${orderId}`.execute(t.db)
    ).rows[0]!.n;
  const now = async () =>
    (await sql<{ now: Date }>`select clock_timestamp() as now`.execute(t.db)).rows[0]!.now;

  function oneWon(replies: Reply[]) {
    const statuses = replies.map((r) => r.status).sort((a, b) => a - b);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(' '),
    ).toHaveLength(1);
    const losers = replies.filter((r) => r.status !== 200);
    for (const r of losers) {
      expect([404, 409], r.text).toContain(r.status);
      expect(r.body.error, r.text).toMatch(/\S/);
    }
    return { won: replies.find((r) => r.status === 200)!, losers };
  }

  it("the buyer's token moves the order once: 20 recipients, 1 transfer, 1 set of messages", async () => {
    const { order, email, headers } = await completedOrder();
    const to = Array.from({ length: N }, (_, i) => ({
      ...recipient(),
      lastName: `Race${i}`,
    }));
    const since = await now();
    const replies = await Promise.all(
      to.map((r) => t.post(`${ORDERS}/${order.id}/transfer`, r, { headers })),
    );
    const { won, losers } = oneWon(replies);
    for (const r of losers.filter((l) => l.status === 409)) {
      expect(r.body.error).toMatch(/transferred a moment ago.*Nothing was sent/);
    }
    expect(await transfers(order.id)).toBe(1);
    const winner = (won.body.data as { email: string }).email;
    const all = [email, ...to.map((r) => r.email.toLowerCase())];
    expect(await queued(since, all)).toEqual({
      'mail:order-confirmation': 1,
      'mail:order-transferred': 1,
    });
    expect((await t.latestMailTo(winner, 'order-confirmation')).text_body).toMatch(
      /transferred these tickets to you/,
    );
    const history = await sql<{ n: number }>`
      select count(*)::int as n from order_history
      where order_id = ${order.id} and kind = 'transferred'`.execute(t.db);
    expect(history.rows[0]!.n).toBe(1);
  });

  it('one recipient with a phone: one confirmation, one transfer mail, one SMS', async () => {
    const { order, email, headers } = await completedOrder();
    const phone = uniquePhone();
    const to = { ...recipient(), phone };
    const since = await now();
    const replies = await Promise.all(
      Array.from({ length: N }, () => t.post(`${ORDERS}/${order.id}/transfer`, to, { headers })),
    );
    oneWon(replies);
    expect(await transfers(order.id)).toBe(1);
    expect(await queued(since, [email, to.email.toLowerCase(), e164(phone)])).toEqual({
      'mail:order-confirmation': 1,
      'mail:order-transferred': 1,
      'sms:order-confirmation-sms': 1,
    });
  });

  it("the organiser's same request moves the order once; a stale order code is refused", async () => {
    const { order, email } = await completedOrder();
    const to = Array.from({ length: N }, (_, i) => ({ ...recipient(), lastName: `Race${i}` }));
    const since = await now();
    const replies = await Promise.all(
      to.map((r) => t.post(`${MANAGE_ORDERS}/${order.id}/transfer`, r, { token: organiser.token })),
    );
    const { won, losers } = oneWon(replies);
    for (const r of losers) expect(r.body.error).toMatch(/transferred a moment ago/);
    expect(await transfers(order.id)).toBe(1);
    expect(await queued(since, [email, ...to.map((r) => r.email.toLowerCase())])).toEqual({
      'mail:order-confirmation': 1,
      'mail:order-transferred': 1,
    });

    // The drawer names the code it showed: the old one is refused, the current one allowed.
    const stale = await t.post(
      `${MANAGE_ORDERS}/${order.id}/transfer`,
      { ...recipient(), orderCode: order.orderCode },
      { token: organiser.token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/transferred since you opened it/);
    const current = (won.body.data as { orderCode: string }).orderCode;
    const again = await t.post(
      `${MANAGE_ORDERS}/${order.id}/transfer`,
      { ...recipient(), orderCode: current },
      { token: organiser.token },
    );
    expect(again.status, again.text).toBe(200);
    expect(await transfers(order.id)).toBe(2);
  });

  it("the drawer's request with the current code, twenty times at once, also moves it once", async () => {
    const { order } = await completedOrder();
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          `${MANAGE_ORDERS}/${order.id}/transfer`,
          { ...recipient(), lastName: `Race${i}`, orderCode: order.orderCode },
          { token: organiser.token },
        ),
      ),
    );
    oneWon(replies);
    expect(await transfers(order.id)).toBe(1);
  });
});

describe('the daily limit (ORDER_TRANSFERS_PER_DAY, 3 by default)', () => {
  it('refuses a fourth transfer within 24 hours, by the organiser or the buyer, and allows it once a day has passed', async () => {
    expect(t.config.orderTransfersPerDay).toBe(3);
    const { order } = await completedOrder();
    let code = order.orderCode;
    for (let i = 0; i < 3; i++) {
      const res = await t.post(
        `${MANAGE_ORDERS}/${order.id}/transfer`,
        { ...recipient(), orderCode: code },
        { token: organiser.token },
      );
      expect(res.status, res.text).toBe(200);
      code = res.body.data.orderCode;
    }
    const since = new Date();
    const fourth = await t.post(
      `${MANAGE_ORDERS}/${order.id}/transfer`,
      { ...recipient(), orderCode: code },
      { token: organiser.token },
    );
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toBe(
      'This order has been transferred 3 times in the last 24 hours, the most allowed. It can be transferred again once 24 hours have passed since the earliest of them.',
    );
    expect(await countTransfers(order.id)).toBe(3);

    // The holder now (through the email-checked lookup) is refused the same way.
    const holder = await sql<{ email: string }>`
      select email from orders where id = ${order.id}`.execute(t.db);
    const lookup = await t.post(`${ORDERS}/lookup`, {
      orderCode: code,
      email: holder.rows[0]!.email,
    });
    expect(lookup.status, lookup.text).toBe(200);
    const byBuyer = await t.post(`${ORDERS}/${order.id}/transfer`, recipient(), {
      headers: { 'x-order-token': lookup.body.data.accessToken },
    });
    expect(byBuyer.status).toBe(409);
    expect(byBuyer.body.error).toMatch(/3 times in the last 24 hours/);
    const sent = await sql<{ n: number }>`
      select count(*)::int as n from mail_outbox
      where created_at >= ${since} and kind in ('order-confirmation', 'order-transferred')`.execute(
      t.db,
    );
    expect(sent.rows[0]!.n).toBe(0);

    // A day after the earliest, one more is allowed.
    await sql`
      update order_transfers set created_at = created_at - interval '25 hours'
      where id = (select id from order_transfers where order_id = ${order.id}
                  order by created_at limit 1)`.execute(t.db);
    const later = await t.post(`${ORDERS}/${order.id}/transfer`, recipient(), {
      headers: { 'x-order-token': lookup.body.data.accessToken },
    });
    expect(later.status, later.text).toBe(200);
    expect(await countTransfers(order.id)).toBe(4);
  });
});

async function countTransfers(orderId: string) {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from order_transfers where order_id = ${orderId}`.execute(t.db);
  return r.rows[0]!.n;
}
