import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { uniquePhone } from './factories.ts';
import { solveJoinChallenge } from './waiting-room-proof.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './helper.ts';
import {
  buildServer,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './server-process.ts';

/**
 * Two real app processes on one PostgreSQL database (and one Redis, in the second run)
 * share one waiting room: a visitor has the same place whichever process answers, places
 * are given once across both, and a pass one process gave is taken, once, by the other.
 * PGlite allows one process per database, so this runs in the server-postgres project only.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';

interface Room {
  eventId: string;
  slug: string;
  ticketTypeId: string;
}

async function seed(database: TestDatabase): Promise<Room> {
  const db = database.handle.db;
  await migrateToLatest(db);
  const user = await db
    .insertInto('users')
    .values({
      full_name: 'Queue Organiser',
      email: `queue.organiser.${Date.now()}@example.com`,
      phone: uniquePhone(),
      password_hash: 'not-used',
      email_verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const start = new Date(Date.now() + 30 * 86_400_000);
  const slug = `queue-sale-${Date.now()}`;
  const { rows: events } = await sql<{ id: string }>`
    insert into events (owner_id, slug, title, venue_name, city, start_at, end_at, status, published_at)
    values (${user.id}, ${slug}, 'Queue sale', 'Eko Hotel', 'Lagos',
            ${start}, ${new Date(start.getTime() + 3 * 3_600_000)}, 'published', now())
    returning id`.execute(db);
  const eventId = events[0]!.id;
  const { rows: types } = await sql<{ id: string }>`
    insert into ticket_types (event_id, name, price_kobo, capacity, max_per_order)
    values (${eventId}, 'Free', 0, 1000, 10) returning id`.execute(db);
  return { eventId, slug, ticketTypeId: types[0]!.id };
}

/** A browser with its own cookies, sending each request to the process `pick` chooses. */
class Visitor {
  private readonly cookies = new Map<string, string>();
  constructor(readonly ip: string) {}

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }

  private get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The visitor's place; a pre-queue check is solved and sent, as the join screen does. */
  async status(server: ServerProcess, slug: string) {
    const res = await fetch(`${server.base}/api/v1/waiting-room/${slug}/status`, {
      headers: { cookie: this.cookie, 'x-forwarded-for': this.ip },
    });
    this.keep(res);
    expect(res.status).toBe(200);
    type Status = { state: string; position: number | null; challenge?: unknown };
    const status = ((await res.json()) as { data: Status }).data;
    if (status.state !== 'check') return status;
    const joined = await fetch(`${server.base}/api/v1/waiting-room/${slug}/join`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: this.cookie,
        'x-forwarded-for': this.ip,
      },
      body: JSON.stringify(await solveJoinChallenge(status.challenge)),
    });
    this.keep(joined);
    expect(joined.status).toBe(200);
    return ((await joined.json()) as { data: Status }).data;
  }

  async order(server: ServerProcess, room: Room, n: number) {
    const res = await fetch(`${server.base}/api/v1/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: this.cookie,
        'x-forwarded-for': this.ip,
      },
      body: JSON.stringify({
        eventId: room.eventId,
        items: [{ ticketTypeId: room.ticketTypeId, quantity: 1 }],
        buyer: {
          firstName: 'Bola',
          lastName: `Ade${n}`,
          email: `bola.${n}.${Date.now()}@example.com`,
          phone: uniquePhone(),
        },
      }),
    });
    return res.status;
  }
}

describe.runIf(testEngine === 'postgres').each([
  ['PostgreSQL', false],
  ['Redis', true],
])('a waiting room shared by two processes, the queue in %s', (_name, withRedis) => {
  let dataDir: string;
  let bundle: Awaited<ReturnType<typeof buildServer>> | undefined;
  let database: TestDatabase;
  let room: Room;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-queue-'));
    database = await createTestDatabase();
    [bundle, room] = await Promise.all([buildServer(), seed(database)]);
    const env = {
      DATABASE_URL: database.url!,
      PUBLIC_URL: 'http://gatepass.test',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'fatal',
      TRUST_PROXY: '1',
      // The pre-queue's proof of work, small (decision 055).
      WAITING_ROOM_POW_WORK: '200',
      ...(withRedis ? { REDIS_URL } : {}),
    };
    const started = await Promise.all(
      ['A', 'B'].map((name) =>
        startServerProcess(name, { ...env, DATA_DIR: path.join(dataDir, name) }, bundle!.entry),
      ),
    );
    [a, b] = [started[0]!, started[1]!];
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a, b].map(stopServerProcess));
    await database?.drop();
    bundle?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('gives each visitor one place on both, every place once, and a pass from one is taken once by the other', async () => {
    const db = database.handle.db;
    // On sale in 4 s, one admission a minute: places hold still while they are compared.
    const onSaleAt = new Date(Date.now() + 4000);
    await db
      .insertInto('waiting_rooms')
      .values({
        event_id: room.eventId,
        room_id: crypto.randomUUID(),
        enabled: true,
        on_sale_at: onSaleAt,
        rate_per_minute: 1,
        pass_minutes: 10,
        paused: false,
        clock_base: 0,
        clock_at: onSaleAt,
      })
      .execute();
    // Written behind the apps' backs: each process sees a room's settings within a second
    // (decision 095), as it would an organiser's change made on the other process.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));
    await settle();
    const visitors = Array.from({ length: 30 }, (_, i) => new Visitor(`10.9.0.${i + 1}`));
    const early = visitors.slice(0, 20);
    const late = visitors.slice(20);
    // The pre-queue, joined half on each process, at once.
    const pre = await Promise.all(early.map((v, i) => v.status(i % 2 ? a : b, room.slug)));
    expect(pre.every((s) => s.state === 'prequeue')).toBe(true);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, onSaleAt.getTime() - Date.now() + 200)),
    );
    for (const [i, v] of late.entries()) await v.status(i % 2 ? b : a, room.slug);

    const onA = [];
    const onB = [];
    for (const v of visitors) {
      onA.push((await v.status(a, room.slug)).position);
      onB.push((await v.status(b, room.slug)).position);
    }
    expect(onB).toEqual(onA);
    // At most one admitted yet (one a minute): the rest hold places 1…n once each.
    const waiting = onA.filter((p): p is number => p !== null).sort((x, y) => x - y);
    expect(waiting.length).toBeGreaterThanOrEqual(29);
    expect(waiting).toEqual(Array.from({ length: waiting.length }, (_, i) => i + 1));
    // Later arrivals after the pre-queue, in the order they came.
    const latePlaces = onA.slice(20);
    expect(latePlaces).toEqual([...latePlaces].sort((x, y) => x! - y!));
    expect(Math.min(...latePlaces.map(Number))).toBeGreaterThan(
      Math.max(...onA.slice(0, 20).map((p) => p ?? 0)),
    );

    // Everyone admitted now: a pass made by A is good on B, once.
    await db
      .updateTable('waiting_rooms')
      .set({ rate_per_minute: 100_000 })
      .where('event_id', '=', room.eventId)
      .execute();
    await settle();
    const buyer = late[3]!;
    expect((await buyer.status(a, room.slug)).state).toBe('admitted');
    expect(await buyer.order(b, room, 1)).toBe(201);
    expect(await buyer.order(a, room, 2)).toBe(403);
    expect(await buyer.order(b, room, 3)).toBe(403);
    expect(await new Visitor('10.9.1.1').order(a, room, 4)).toBe(403);
  }, 120_000);
});
