import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow } from '../src/modules/orders/orders.table.ts';
import { API, startTestApp, type TestApp } from './helper.ts';
import { buyer, givenEventWithTypes, givenOrganiser } from './organiser-factories.ts';

/**
 * Payment completions of one event share a transaction (decision 092,
 * orders.payment-groups.ts). The group must keep every guarantee of one completion alone:
 * an order completes once however often it is named, never after its hold ran out (by the
 * database's clock, whatever the process read), never once the sweeper expired it (and the
 * sweeper never expires one it completed), with one history line and one confirmation per
 * completed order in the same commit — and an order the group cannot complete fails only
 * itself. Run on PostgreSQL with the safety suites (and on PGlite).
 */
let t: TestApp;
let organiser: string;
let ips = 0;

beforeAll(async () => {
  t = await startTestApp();
  organiser = (await givenOrganiser(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const settlement = () => t.app.services.orders.settlement;

async function givenPaidEvent(capacity: number) {
  const { event, types } = await givenEventWithTypes(t, organiser, [
    { price: 5000, capacity, maxPerOrder: 10 },
  ]);
  return { eventId: event.id, typeId: types[0]!.id };
}

/** A pending paid order that chose the TEST provider, as its row. */
async function held(sale: { eventId: string; typeId: string }): Promise<OrderRow> {
  ips++;
  const ip = `10.92.${ips >> 8}.${ips & 255}`;
  const r = await t.post(
    `${API}/orders`,
    { eventId: sale.eventId, items: [{ ticketTypeId: sale.typeId, quantity: 1 }], buyer: buyer() },
    { ip },
  );
  expect(r.status, r.text).toBe(201);
  const headers = { 'x-order-token': r.body.data.accessToken as string };
  const id = r.body.data.order.id as string;
  const chosen = await t.post(`${API}/orders/${id}/pay`, { method: 'test' }, { headers, ip });
  expect(chosen.status, chosen.text).toBe(200);
  return t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const pay = (order: OrderRow) =>
  settlement().complete(order, { method: 'test', ref: `test_${order.code}` }, null);

async function historyCount(orderId: string, kind: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from order_history where order_id = ${orderId} and kind = ${kind}`.execute(
    t.db,
  );
  return rows[0]!.n;
}

async function confirmations(orderId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from mail_outbox
    where kind = 'order-confirmation' and context->>'orderId' = ${orderId}`.execute(t.db);
  return rows[0]!.n;
}

async function status(orderId: string) {
  const row = await t.db
    .selectFrom('orders')
    .select(['status', 'paid_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row;
}

const refusal = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'rejected'
    ? (outcome.reason as { statusCode?: number }).statusCode
    : 'completed';

describe('payment completions grouped per event', () => {
  it('completes a group in one transaction, and refuses only its lapsed, copied and paid orders', async () => {
    const sale = await givenPaidEvent(50);
    const [first, live, other, lapsed, paid] = [
      await held(sale),
      await held(sale),
      await held(sale),
      await held(sale),
      await held(sale),
    ] as [OrderRow, OrderRow, OrderRow, OrderRow, OrderRow];
    await pay(paid);
    // Its hold ran out by the database's clock; the process still holds it as live.
    await sql`update orders set reserved_until = now() - interval '1 second'
              where id = ${lapsed.id}`.execute(t.db);

    // The first completion runs alone; the rest arrive while it is written: one group.
    const alone = pay(first);
    const group = await Promise.allSettled([
      pay(live),
      pay(lapsed),
      pay(live),
      pay(paid),
      pay(other),
    ]);
    await alone;

    expect(group.map(refusal)).toEqual(['completed', 409, 409, 409, 'completed']);
    const [a, b] = [await status(live.id), await status(other.id)];
    expect([a.status, b.status]).toEqual(['completed', 'completed']);
    // now() is the transaction's start: one paid_at for both is one transaction.
    expect(a.paid_at!.getTime()).toBe(b.paid_at!.getTime());
    expect((await status(lapsed.id)).status).toBe('pending');
    for (const order of [live, other, paid]) {
      expect(await historyCount(order.id, 'paid')).toBe(1);
      expect(await confirmations(order.id)).toBe(1);
    }
    expect(await historyCount(lapsed.id, 'paid')).toBe(0);
    expect(await confirmations(lapsed.id)).toBe(0);
  });

  it('completes an order named 20 times at once exactly once', async () => {
    const sale = await givenPaidEvent(5);
    const [blocker, order] = [await held(sale), await held(sale)] as [OrderRow, OrderRow];
    // While the blocker is written alone, the 20 copies gather into one group.
    const alone = pay(blocker);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => pay(order)));
    await alone;
    const answers = outcomes.map(refusal);
    expect(answers.filter((a) => a === 'completed')).toHaveLength(1);
    expect(answers.filter((a) => a === 409)).toHaveLength(19);
    expect(await historyCount(order.id, 'paid')).toBe(1);
    expect(await confirmations(order.id)).toBe(1);
  });

  it('and the hold sweeper exclude each other: every order ends completed or expired, never both', async () => {
    const sale = await givenPaidEvent(100);
    const orders: OrderRow[] = [];
    for (let i = 0; i < 30; i++) orders.push(await held(sale));
    // All the holds end within the next moment; completions and sweeps race them.
    await sql`update orders set reserved_until = now() + interval '150 milliseconds'
              where id in (${sql.join(orders.map((o) => o.id))})`.execute(t.db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sweeps = Array.from({ length: 5 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 25)).then(() =>
        t.app.services.orders.holds.expireHolds(sale.eventId),
      ),
    );
    const outcomes = await Promise.allSettled(orders.map(pay));
    await Promise.all(sweeps);
    await t.app.services.orders.holds.expireHolds(sale.eventId);

    let completed = 0;
    for (const [i, order] of orders.entries()) {
      const row = await status(order.id);
      const paidLines = await historyCount(order.id, 'paid');
      const expiredLines = await historyCount(order.id, 'expired');
      if (row.status === 'completed') {
        completed++;
        expect(refusal(outcomes[i]!)).toBe('completed');
        expect([paidLines, expiredLines, await confirmations(order.id)]).toEqual([1, 0, 1]);
      } else {
        expect(row.status).toBe('expired');
        expect(refusal(outcomes[i]!)).toBe(409);
        expect([paidLines, expiredLines, await confirmations(order.id)]).toEqual([0, 1, 0]);
      }
    }
    // The tickets of expired holds came back; the completed ones' stay sold.
    const type = await t.db
      .selectFrom('ticket_types')
      .select('sold')
      .where('id', '=', sale.typeId)
      .executeTakeFirstOrThrow();
    expect(type.sold).toBe(completed);
  });
});
