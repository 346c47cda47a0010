import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MailService } from '../src/modules/mail/mail.service.ts';
import { API, startTestApp, testEngine, type TestApp } from './helper.ts';
import { buyer, givenEventWithTypes, givenOrganiser } from './organiser-factories.ts';

/**
 * Issue 23 §2: the statements a paid order sends (decisions 049, 092), counted where they
 * leave the app — every `query` of node-postgres's client, BEGIN and COMMIT included — for
 * the requests of one buyer's paid checkout: the payment choice, the TEST payment and the
 * confirmation page's read. The mail dispatcher's statements (rendering and sending the
 * tickets after the commit) are not the request's and are left out.
 *
 * Two ways: one order at a time (every group is a group of one) and 40 buyers at once (the
 * payment choices and payments of one event share transactions). The figures are printed
 * (docs/performance.md) and bounded, so a statement added to the paid path fails here.
 * PostgreSQL only: PGlite's driver is not node-postgres.
 */
const ORDERS = `${API}/orders`;
const N = 40;

interface Counter {
  n: number;
}
const counting = new AsyncLocalStorage<Counter>();

let t: TestApp;
let eventId: string;
let typeId: string;
const restore: (() => void)[] = [];

beforeAll(async () => {
  if (testEngine !== 'postgres') return;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const counter = counting.getStore();
    if (counter) counter.n++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  restore.push(() => (pg.Client.prototype.query = query));
  // The dispatcher starts from a request's kick(): its statements are not the request's.
  const kick = MailService.prototype.kick;
  MailService.prototype.kick = function (this: MailService) {
    counting.exit(() => kick.call(this));
  };
  restore.push(() => (MailService.prototype.kick = kick));

  // Ticket files on a worker thread, as in production (decision 093).
  t = await startTestApp({ ticketRenderThreads: 1 });
  const o = await givenOrganiser(t);
  const { event, types } = await givenEventWithTypes(t, o.token, [
    { price: 5000, capacity: 1000, maxPerOrder: 10 },
  ]);
  eventId = event.id;
  typeId = types[0]!.id;
});

afterAll(async () => {
  await t?.close();
  for (const undo of restore.reverse()) undo();
});

interface Held {
  id: string;
  headers: { 'x-order-token': string };
  /** Each buyer its own address, as in a crowd (per-address limits). */
  ip: string;
}

let buyers = 0;

async function hold(): Promise<Held> {
  buyers++;
  const ip = `10.23.${Math.floor(buyers / 250)}.${(buyers % 250) + 1}`;
  const r = await t.post(
    ORDERS,
    { eventId, items: [{ ticketTypeId: typeId, quantity: 1 }], buyer: buyer() },
    { ip },
  );
  expect(r.status, r.text).toBe(201);
  return {
    id: r.body.data.order.id,
    headers: { 'x-order-token': r.body.data.accessToken },
    ip,
  };
}

/** Runs each step for all the orders at once; statements and app CPU per order, per step. */
async function measure(orders: Held[], together: boolean) {
  const steps = {
    choice: (o: Held) => t.post(`${ORDERS}/${o.id}/pay`, { method: 'test' }, o),
    payment: (o: Held) => t.post(`${ORDERS}/${o.id}/test-payment`, { outcome: 'success' }, o),
    confirm: (o: Held) => t.request('GET', `${ORDERS}/${o.id}`, { headers: o.headers, ip: o.ip }),
  };
  const figures: Record<
    string,
    { statements: number; cpuMs: number; threadMs: number; requestMs: number }
  > = {};
  const ms = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000 / orders.length;
  for (const [name, step] of Object.entries(steps)) {
    const counter = { n: 0 };
    const cpu = process.cpuUsage();
    const thread = process.threadCpuUsage();
    const replies = await counting.run(counter, async () => {
      if (together) return Promise.all(orders.map(step));
      const all = [];
      for (const o of orders) all.push(await step(o));
      return all;
    });
    const answered = process.threadCpuUsage(thread);
    // The confirmation mails these requests wrote, rendered and sent: part of the order.
    await t.app.services.mail.idle();
    figures[name] = {
      statements: counter.n / orders.length,
      cpuMs: ms(process.cpuUsage(cpu)),
      threadMs: ms(process.threadCpuUsage(thread)),
      requestMs: ms(answered),
    };
    for (const r of replies) expect(r.status, r.text).toBe(200);
  }
  const paid = await t.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(
      'id',
      'in',
      orders.map((o) => o.id),
    )
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  expect(Number(paid.n)).toBe(orders.length);
  return figures;
}

it.runIf(testEngine === 'postgres')(
  'counts the statements of a paid order, one at a time and 40 at once',
  async () => {
    // Warm up (first-use compilations and caches), not counted.
    await measure([await hold(), await hold()], false);

    const alone: Held[] = [];
    for (let i = 0; i < 10; i++) alone.push(await hold());
    const one = await measure(alone, false);

    const crowd: Held[] = [];
    for (let i = 0; i < N; i++) crowd.push(await hold());
    const many = await measure(crowd, true);

    const total = (f: typeof one) => Object.values(f).reduce((s, x) => s + x.statements, 0);
    console.log(
      [
        'Paid order statements per order (choice / payment / confirmation page = total):',
        `  one at a time: ${one.choice!.statements} / ${one.payment!.statements} / ${one.confirm!.statements} = ${total(one)}`,
        `  ${N} at once:    ${many.choice!.statements.toFixed(2)} / ${many.payment!.statements.toFixed(2)} / ${many.confirm!.statements} = ${total(many).toFixed(2)}`,
        ...(['cpuMs', 'threadMs', 'requestMs'] as const).map(
          (k) =>
            `${{ cpuMs: 'Process CPU ms per order, with the mail dispatch after it', threadMs: 'Main-thread CPU ms per order, with the dispatch', requestMs: 'Main-thread CPU ms per order until answered' }[k]} (incl. inject): one at a time ${one.choice![k].toFixed(2)} / ${one.payment![k].toFixed(2)} / ${one.confirm![k].toFixed(2)}; ${N} at once ${many.choice![k].toFixed(2)} / ${many.payment![k].toFixed(2)} / ${many.confirm![k].toFixed(2)}`,
        ),
      ].join('\n'),
    );
    // 17 and 17 before decision 092 (4 + 10 + 3): the payment's history line is now part of
    // its UPDATE, and a crowd shares each group's statements.
    expect(total(one)).toBeLessThanOrEqual(16.5);
    expect(many.choice!.statements + many.payment!.statements).toBeLessThan(4);
  },
  120_000,
);
