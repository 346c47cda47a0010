import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase, eventually, testEngine, type TestDatabase } from '../helper.ts';
import {
  buildServer,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../server-process.ts';

/**
 * kill -9 in the middle of a flash sale. Two real server processes sell two ticket types
 * (one free, which completes at once, one paid, which holds tickets) to a crowd; one process
 * is killed with SIGKILL while requests are in flight, the sale goes on through the other,
 * then the dead one is started again and sells too. Afterwards the database must be exactly
 * consistent: each type's `sold` equals the tickets of its live orders, no order lacks its
 * items, and every order a buyer was told about (a 201) exists, whole.
 *
 * PostgreSQL only: PGlite allows one process per database.
 */
const BUYERS = 360;
const AFTER_RESTART = 40;
const CONCURRENCY = 48;
/** Kill A once this many answers have come back, so many of its requests are still in flight. */
const KILL_AFTER = 100;

interface Sale {
  database: TestDatabase;
  eventId: string;
  freeTypeId: string;
  paidTypeId: string;
}

interface Outcome {
  server: string;
  status: number | 'network-error';
  orderId?: string;
  quantity: number;
  ticketTypeId: string;
}

async function seed(database: Pick<TestDatabase, 'handle'>): Promise<Omit<Sale, 'database'>> {
  const db = database.handle.db;
  await migrateToLatest(db);
  const user = await db
    .insertInto('users')
    .values({
      full_name: 'Crash Organiser',
      email: `crash.organiser.${Date.now()}@example.com`,
      phone: `+23481${String(Date.now()).slice(-8)}`,
      password_hash: 'not-used',
      email_verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const start = new Date(Date.now() + 30 * 86_400_000);
  const { rows: events } = await sql<{ id: string }>`
    insert into events (owner_id, slug, title, venue_name, city, start_at, end_at, status, published_at)
    values (${user.id}, ${`crash-sale-${Date.now()}`}, 'Crash sale', 'Eko Hotel', 'Lagos',
            ${start}, ${new Date(start.getTime() + 3 * 3_600_000)}, 'published', now())
    returning id`.execute(db);
  const eventId = events[0]!.id;
  const { rows: types } = await sql<{ id: string; name: string }>`
    insert into ticket_types (event_id, name, price_kobo, capacity, max_per_order)
    values (${eventId}, 'Free', 0, 100000, 10), (${eventId}, 'Paid', 500000, 100000, 10)
    returning id, name`.execute(db);
  return {
    eventId,
    freeTypeId: types.find((t) => t.name === 'Free')!.id,
    paidTypeId: types.find((t) => t.name === 'Paid')!.id,
  };
}

async function buy(
  server: ServerProcess,
  sale: Omit<Sale, 'database'>,
  i: number,
): Promise<Outcome> {
  const ticketTypeId = i % 3 === 0 ? sale.paidTypeId : sale.freeTypeId;
  const quantity = (i % 4) + 1;
  try {
    const res = await fetch(`${server.base}/api/v1/orders`, {
      method: 'POST',
      // Each buyer their own address and phone (checkout limits, decision 025).
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.7.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({
        eventId: sale.eventId,
        items: [{ ticketTypeId, quantity }],
        buyer: {
          firstName: 'Crash',
          lastName: `Buyer${i}`,
          email: `crash.${i}@example.com`,
          phone: `0803${String(2_000_000 + i).padStart(7, '0')}`,
        },
      }),
    });
    const body = (await res.json()) as { data?: { order?: { id?: string } } };
    return {
      server: server.name,
      status: res.status,
      orderId: body.data?.order?.id,
      quantity,
      ticketTypeId,
    };
  } catch {
    // The process died under this request: the buyer never heard back.
    return { server: server.name, status: 'network-error', quantity, ticketTypeId };
  }
}

/** Runs `count` purchases, at most CONCURRENCY at a time, calling `onAnswer` after each. */
async function crowd(
  count: number,
  offset: number,
  pick: (i: number) => ServerProcess,
  sale: Sale,
  onAnswer: (done: number) => void = () => undefined,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = offset + next++;
        outcomes.push(await buy(pick(i), sale, i));
        onAnswer(outcomes.length);
      }
    }),
  );
  return outcomes;
}

describe.runIf(testEngine === 'postgres')('kill -9 during a flash sale', () => {
  let dataDir: string;
  let bundle: Awaited<ReturnType<typeof buildServer>> | undefined;
  let sale: Sale;
  const servers: { a?: ServerProcess; b?: ServerProcess; a2?: ServerProcess } = {};
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-crash-'));
    const database = await createTestDatabase();
    let seeded;
    [bundle, seeded] = await Promise.all([buildServer(), seed(database)]);
    sale = { ...seeded, database };
    env = {
      DATABASE_URL: database.url!,
      PUBLIC_URL: 'http://gatepass.test',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'fatal',
      TRUST_PROXY: '1',
    };
    [servers.a, servers.b] = await Promise.all(
      ['A', 'B'].map((name) =>
        startServerProcess(name, { ...env, DATA_DIR: path.join(dataDir, name) }, bundle!.entry),
      ),
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all([servers.a2, servers.b].map(stopServerProcess));
    if (servers.a && servers.a.child.exitCode === null) servers.a.child.kill('SIGKILL');
    await sale?.database.drop();
    bundle?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('leaves sold counters, orders and items exactly consistent, and keeps every confirmed order', async () => {
    const { a, b } = servers as Required<typeof servers>;
    let killedAt = -1;
    const aExited = new Promise<NodeJS.Signals | null>((resolve) =>
      a.child.once('exit', (_c, s) => resolve(s)),
    );
    const during = await crowd(
      BUYERS,
      0,
      (i) => (i % 2 === 0 ? a : b),
      sale,
      (done) => {
        if (done === KILL_AFTER && killedAt < 0) {
          killedAt = done;
          a.child.kill('SIGKILL');
        }
      },
    );
    expect(await aExited).toBe('SIGKILL');

    servers.a2 = await startServerProcess(
      'A-restarted',
      { ...env, DATA_DIR: path.join(dataDir, 'A2') },
      bundle!.entry,
    );
    const a2 = servers.a2;
    const after = await crowd(AFTER_RESTART, BUYERS, (i) => (i % 2 === 0 ? a2 : b), sale);
    const outcomes = [...during, ...after];

    // The crash was real: some of A's buyers never got an answer; B and the restarted A sold.
    const lost = outcomes.filter((o) => o.status === 'network-error');
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((o) => o.server === 'A')).toBe(true);
    expect(outcomes.filter((o) => o.server === 'B' && o.status === 201).length).toBeGreaterThan(
      BUYERS / 3,
    );
    expect(after.filter((o) => o.server === 'A-restarted' && o.status === 201).length).toBe(
      AFTER_RESTART / 2,
    );
    // Nothing but created orders and lost connections: no 5xx from the survivor.
    expect(outcomes.filter((o) => o.status !== 201 && o.status !== 'network-error')).toEqual([]);

    const db = sale.database.handle.db;
    const { rows: counters } = await sql<{ id: string; sold: number; live: number }>`
      select tt.id, tt.sold,
             coalesce(sum(oi.quantity) filter (where o.status in ('pending', 'completed')), 0)::int as live
      from ticket_types tt
      left join order_items oi on oi.ticket_type_id = tt.id
      left join orders o on o.id = oi.order_id
      where tt.event_id = ${sale.eventId}
      group by tt.id`.execute(db);
    for (const c of counters) expect(c.sold, `ticket type ${c.id}`).toBe(c.live);

    const { rows: broken } = await sql<{ id: string }>`
      select o.id from orders o left join order_items oi on oi.order_id = o.id
      where o.event_id = ${sale.eventId}
      group by o.id having count(oi.id) = 0 or sum(oi.quantity) <> o.quantity`.execute(db);
    expect(broken, 'orders without their items').toEqual([]);

    const confirmed = outcomes.filter((o) => o.status === 201);
    const { rows: stored } = await sql<{
      id: string;
      status: string;
      quantity: number;
      ticket_type_id: string;
    }>`
      select o.id, o.status, o.quantity, oi.ticket_type_id from orders o
      join order_items oi on oi.order_id = o.id where o.event_id = ${sale.eventId}`.execute(db);
    const byId = new Map(stored.map((o) => [o.id, o]));
    for (const o of confirmed) {
      const row = byId.get(o.orderId!);
      expect(row, `order ${o.orderId} was confirmed to a buyer but is not stored`).toBeDefined();
      expect(row!.quantity).toBe(o.quantity);
      expect(row!.ticket_type_id).toBe(o.ticketTypeId);
      expect(row!.status).toBe(o.ticketTypeId === sale.freeTypeId ? 'completed' : 'pending');
    }
    // Orders the buyer never heard of (committed just before the kill) may exist; no more
    // of them than requests that were lost.
    expect(stored.length - confirmed.length).toBeGreaterThanOrEqual(0);
    expect(stored.length - confirmed.length).toBeLessThanOrEqual(lost.length);
  }, 180_000);
});

/**
 * Issue 16 §3: an overlapping start on the same DATA_DIR (a process manager restarting
 * before the old process has gone). Without the lock the second copy opened PGlite's files
 * under the first one's feet before dying on the busy port; after a kill -9 of the first,
 * PGlite aborted on every start or orders answered 201 were gone.
 */
describe.runIf(testEngine === 'pglite')('a second start on the same DATA_DIR', () => {
  let root: string;
  let dataDir: string;
  let bundle: Awaited<ReturnType<typeof buildServer>> | undefined;
  let sale: Omit<Sale, 'database'>;
  let env: Record<string, string>;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-datadir-'));
    dataDir = path.join(root, 'data');
    const handle = await openDatabase({ dataDir });
    try {
      [bundle, sale] = await Promise.all([buildServer(), seed({ handle })]);
    } finally {
      await handle.close();
    }
    env = {
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://gatepass.test',
      WEB_DIST_DIR: path.join(root, 'no-web'),
      LOG_LEVEL: 'fatal',
    };
  }, 240_000);

  afterAll(async () => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    bundle?.remove();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('refuses the second copy at once, and every order answered 2xx survives a kill -9 and restart', async () => {
    const a = await startServerProcess('A', env, bundle!.entry);
    started.push(a);
    const answered: string[] = [];
    const first = await buy(a, sale, 1);
    expect(first.status).toBe(201);
    answered.push(first.orderId!);

    // The second copy, on the same port as a process manager would start it.
    const port = new URL(a.base).port;
    const b = spawn(process.execPath, [bundle!.entry], {
      cwd: path.dirname(bundle!.entry),
      env: { PATH: process.env.PATH, PORT: port, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bOutput = '';
    b.stdout.on('data', (c: Buffer) => (bOutput += c.toString()));
    b.stderr.on('data', (c: Buffer) => (bOutput += c.toString()));
    const startedAt = Date.now();
    const bExit = await new Promise<number | null>((resolve) => b.once('exit', resolve));
    const refusedWithinMs = Date.now() - startedAt;
    expect(bExit).not.toBe(0);
    expect(bOutput).toContain(`the data directory ${dataDir} is in use by process ${a.child.pid}`);
    // "At once": no database opened, so it stops in about the time node takes to start.
    expect(refusedWithinMs).toBeLessThan(30_000);

    for (const i of [2, 3]) {
      const o = await buy(a, sale, i * 3 + 1); // free tickets: completed at once
      expect(o.status).toBe(201);
      answered.push(o.orderId!);
    }

    const aExited = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await aExited;

    // The restart takes over the lock the dead process left and opens the database.
    const a2 = await startServerProcess('A-restarted', env, bundle!.entry);
    started.push(a2);
    const after = await buy(a2, sale, 10);
    expect(after.status).toBe(201);
    answered.push(after.orderId!);
    expect(await stopServerProcess(a2)).toBe(0);
    // A clean stop releases the directory.
    expect(fs.existsSync(path.join(dataDir, 'gatepass.lock'))).toBe(false);

    const handle = await openDatabase({ dataDir });
    try {
      const stored = await handle.db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('event_id', '=', sale.eventId)
        .execute();
      const byId = new Map(stored.map((o) => [o.id, o.status]));
      for (const id of answered) expect(byId.get(id), `order ${id}`).toBe('completed');
    } finally {
      await handle.close();
    }
    await eventually(() => (a.child.exitCode !== null || a.child.signalCode ? true : undefined));
  }, 240_000);
});
