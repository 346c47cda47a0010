import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testEngine, type TestApp } from '../../../test/helper.ts';
import {
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  ORDERS,
} from '../../../test/organiser-factories.ts';
import { groupedReads, READ_GROUPS_IN_FLIGHT } from './orders.reads.ts';

/**
 * The buyer's reads grouped (decision 110): ids asked for while reads are under way are
 * read together afterwards, never from a statement sent before they were asked.
 */

/** A table of versioned rows whose reads finish only when the test says so. */
function heldTable() {
  const rows = new Map<string, number>([
    ['a', 1],
    ['b', 1],
  ]);
  const reads: { ids: string[]; finish: () => void; fail: (e: Error) => void }[] = [];
  const readAll = (ids: string[]) => {
    // What the statement sees is the table as it is when the statement is sent.
    const seen = ids.filter((id) => rows.has(id)).map((id) => ({ id, version: rows.get(id)! }));
    return new Promise<{ id: string; version: number }[]>((resolve, reject) => {
      reads.push({ ids, finish: () => resolve(seen), fail: reject });
    });
  };
  return { rows, reads, readAll };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('groupedReads', () => {
  it('reads the ids asked for meanwhile in one statement, each caller its own rows', async () => {
    const table = heldTable();
    const read = groupedReads(table.readAll, (r) => r.id);
    const first = Array.from({ length: READ_GROUPS_IN_FLIGHT }, () => read('a'));
    const later = [read('a'), read('b'), read('missing'), read('b')];
    await tick();
    expect(table.reads.map((r) => r.ids)).toEqual(
      Array.from({ length: READ_GROUPS_IN_FLIGHT }, () => ['a']),
    );
    for (const r of table.reads.splice(0)) r.finish();
    await tick();
    // One statement for the four, each id once.
    expect(table.reads.map((r) => r.ids)).toEqual([['a', 'b', 'missing']]);
    table.reads[0]!.finish();
    const answers = await Promise.all([...first, ...later]);
    expect(answers.map((rows) => rows.map((r) => r.id))).toEqual([
      ...first.map(() => ['a']),
      ['a'],
      ['b'],
      [],
      ['b'],
    ]);
  });

  it('never answers a caller from a statement sent before it asked', async () => {
    const table = heldTable();
    const read = groupedReads(table.readAll, (r) => r.id);
    const before = Array.from({ length: READ_GROUPS_IN_FLIGHT }, () => read('a'));
    await tick();
    // A write commits while those reads are under way; a request that asks after it …
    table.rows.set('a', 2);
    const after = read('a');
    await tick();
    for (const r of table.reads.splice(0)) r.finish();
    expect((await Promise.all(before)).map((rows) => rows[0]!.version)).toEqual(
      before.map(() => 1),
    );
    await tick();
    table.reads[0]!.finish();
    // … sees it.
    expect((await after)[0]!.version).toBe(2);
  });

  it('a failed statement fails only the callers it was read for', async () => {
    const table = heldTable();
    const read = groupedReads(table.readAll, (r) => r.id);
    const failed = read('a');
    const expectation = expect(failed).rejects.toThrow('connection lost');
    await tick();
    table.reads.splice(0)[0]!.fail(new Error('connection lost'));
    await expectation;
    const next = read('b');
    await tick();
    table.reads[0]!.finish();
    expect((await next)[0]!.id).toBe('b');
  });
});

describe('order pages read by a crowd', () => {
  let t: TestApp;
  let eventId: string;
  let typeId: string;
  let statements = 0;
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    if (testEngine === 'postgres') {
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        statements++;
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
    }
    t = await startTestApp();
    const organiser = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 5000, capacity: 100 },
    ]);
    eventId = event.id;
    typeId = types[0]!.id;
  }, 180_000);
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await t?.close();
  });

  it('answers each buyer their own order, refuses a wrong token alone, and shares statements', async () => {
    const orders: { id: string; token: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.post(
        ORDERS,
        { eventId, items: [{ ticketTypeId: typeId, quantity: 1 }], buyer: buyer() },
        { ip: `10.110.0.${i + 1}` },
      );
      expect(res.status, res.text).toBe(201);
      orders.push({ id: res.body.data.order.id as string, token: res.body.data.accessToken });
    }
    const wrong = new Set([3, 11, 20]);
    statements = 0;
    const replies = await Promise.all(
      orders.map((o, i) =>
        t.request('GET', `${ORDERS}/${o.id}`, {
          headers: { 'x-order-token': wrong.has(i) ? orders[(i + 1) % 30]!.token : o.token },
        }),
      ),
    );
    replies.forEach((r, i) => {
      if (wrong.has(i)) {
        expect(r.status, r.text).toBe(404);
      } else {
        expect(r.status, r.text).toBe(200);
        expect(r.body.data.id).toBe(orders[i]!.id);
        expect(r.body.data.items).toHaveLength(1);
        expect(r.body.data.eventId).toBe(eventId);
        expect(r.body.data.event.title).toBeTruthy();
      }
    });
    // One at a time these are 3 statements a page (the order, its items, its event), 90 in
    // all; a wrong token's own-lookup check adds one. Grouped, a handful.
    if (testEngine === 'postgres') expect(statements).toBeLessThanOrEqual(20);
  });
});
