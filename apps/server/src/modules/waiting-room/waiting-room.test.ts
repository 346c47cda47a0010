import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenLoggedInUser, uniquePhone } from '../../../test/factories.ts';
import { givenPublishedEvent, MANAGE, type TestClock } from '../../../test/event-factories.ts';
import { API, startTestApp, testRedisUrl, type Reply, type TestApp } from '../../../test/helper.ts';
import { solveJoinChallenge } from '../../../test/waiting-room-proof.ts';
import { Redis } from 'ioredis';
import { issuePass } from './waiting-room.pass.ts';
import { PgQueueStore, RedisQueueStore, type QueueStore } from './waiting-room.store.ts';

const MINUTE = 60_000;
const clock: TestClock = { now: new Date() };
let t: TestApp;
let owner: { token: string };
let n = 0;

beforeAll(async () => {
  // With REDIS_URL set the queue is Redis's; PostgreSQL's (or PGlite's) otherwise.
  t = await startTestApp(testRedisUrl ? { redisUrl: testRedisUrl } : {}, {
    now: () => clock.now,
  });
  owner = await givenLoggedInUser(t);
});
afterAll(() => t?.close());

const buyer = () => {
  n += 1;
  return {
    firstName: 'Ada',
    lastName: `Eze${n}`,
    email: `ada.${n}.${Date.now()}@example.com`,
    phone: uniquePhone(),
  };
};

/** A browser: keeps the cookies the server sets, and sends them back. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {}

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keep(res: Reply): Reply {
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [String(set)] : []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  }

  async get(url: string): Promise<Reply> {
    return this.keep(
      await t.request('GET', url, { headers: { cookie: this.header() }, ip: this.ip }),
    );
  }

  /** The visitor's status; a pre-queue check is solved and sent, as the join screen does. */
  async status(slug: string) {
    let res = await this.get(`${API}/waiting-room/${slug}/status`);
    expect(res.status, res.text).toBe(200);
    if (res.body.data.state === 'check') {
      res = this.keep(
        await t.request('POST', `${API}/waiting-room/${slug}/join`, {
          body: await solveJoinChallenge(res.body.data.challenge),
          headers: { cookie: this.header() },
          ip: this.ip,
        }),
      );
      expect(res.status, res.text).toBe(200);
    }
    return res.body.data as {
      state: string;
      position: number | null;
      estimateSeconds: number | null;
      passExpiresAt: string | null;
      preQueue: number;
      next: string | null;
    };
  }

  order(eventId: string, ticketTypeId: string, headers: Record<string, string> = {}) {
    return t.request('POST', `${API}/orders`, {
      body: { eventId, items: [{ ticketTypeId, quantity: 1 }], buyer: buyer() },
      headers: { cookie: this.header(), ...headers },
      ip: this.ip,
    });
  }
}

async function givenEventWithRoom(
  room: { onSaleInMs?: number; ratePerMinute?: number; passMinutes?: number } = {},
  capacity = 500,
) {
  const event = await givenPublishedEvent(t, owner.token, {}, [{ capacity, price: 0 }]);
  const manage = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
  const ticketTypeId = manage.body.data.ticketTypes[0].id as string;
  const onSaleAt = new Date(clock.now.getTime() + (room.onSaleInMs ?? MINUTE)).toISOString();
  const res = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
    token: owner.token,
    body: {
      enabled: true,
      onSaleAt,
      ratePerMinute: room.ratePerMinute ?? 60,
      ...(room.passMinutes ? { passMinutes: room.passMinutes } : {}),
    },
  });
  expect(res.status, res.text).toBe(200);
  return { ...event, ticketTypeId, onSaleAt: new Date(onSaleAt) };
}

const advance = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

describe('waiting room: the organiser', () => {
  it('suggests an admission rate from the event size, and saves the settings', async () => {
    const event = await givenPublishedEvent(t, owner.token, {}, [{ capacity: 4000 }]);
    const before = await t.request('GET', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
    });
    expect(before.status, before.text).toBe(200);
    expect(before.body.data).toMatchObject({
      enabled: false,
      onSaleAt: null,
      ratePerMinute: 200,
      defaultRatePerMinute: 200,
      passMinutes: 10,
      capacity: 4000,
      queueUrl: `http://gatepass.test/events/${event.slug}/queue`,
    });
    const onSaleAt = new Date(clock.now.getTime() + 3_600_000).toISOString();
    const saved = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: { enabled: true, onSaleAt, ratePerMinute: 150, passMinutes: 5 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({
      enabled: true,
      onSaleAt,
      ratePerMinute: 150,
      passMinutes: 5,
      joined: 0,
      admitted: 0,
    });
  });

  it("answers 401 without a login and 404 for another organiser's event", async () => {
    const event = await givenEventWithRoom();
    const other = await givenLoggedInUser(t);
    const url = `${MANAGE}/${event.id}/waiting-room`;
    expect((await t.request('GET', url)).status).toBe(401);
    expect((await t.request('GET', url, { token: other.token })).status).toBe(404);
    const put = await t.request('PUT', url, {
      token: other.token,
      body: { enabled: false, onSaleAt: new Date().toISOString(), ratePerMinute: 10 },
    });
    expect(put.status).toBe(404);
  });

  it('refuses a rate out of range with a sentence', async () => {
    const event = await givenEventWithRoom();
    const res = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: { enabled: true, onSaleAt: event.onSaleAt.toISOString(), ratePerMinute: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('at least 1 person per minute');
  });

  it('keeps the on-sale time once the sale has started', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 1000 });
    advance(2000);
    const res = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: {
        enabled: true,
        onSaleAt: new Date(clock.now.getTime() + MINUTE).toISOString(),
        ratePerMinute: 60,
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/sale has started/);
  });
});

describe('waiting room: the queue', () => {
  it('gives the pre-queue random places at the on-sale time and later arrivals the back of the line', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: MINUTE, ratePerMinute: 1 });
    const early = Array.from({ length: 30 }, () => new Browser());
    for (const b of early) expect((await b.status(event.slug)).state).toBe('prequeue');
    expect((await early[0]!.status(event.slug)).preQueue).toBeGreaterThan(0);
    advance(MINUTE);
    const places = [];
    for (const b of early) places.push((await b.status(event.slug)).position!);
    // Every place 1…30 once, in an order that is not the order of arrival.
    expect([...places].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(places).not.toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const late = [new Browser(), new Browser(), new Browser()];
    const latePlaces = [];
    for (const b of late) latePlaces.push((await b.status(event.slug)).position);
    expect(latePlaces).toEqual([31, 32, 33]);
  });

  it('keeps the place of a browser through reloads; another browser gets a new place', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 1 });
    const a = new Browser();
    const first = await a.status(event.slug);
    const again = await a.status(event.slug);
    expect(again.position).toBe(first.position);
    const other = await new Browser().status(event.slug);
    expect(other.position).toBe(first.position! + 1);
  });

  it('serves a light queue page without the web app, and sends an admitted visitor to checkout', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: MINUTE, ratePerMinute: 60 });
    const b = new Browser();
    // A new visitor is sent to the join screen first (the pre-queue's check, decision 055).
    const first = await b.get(`/events/${event.slug}/queue`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/events/${event.slug}/queue/join`);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      /gp_wr=[\w-]{43}\.[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
    );
    expect((await b.status(event.slug)).state).toBe('prequeue');
    const page = await b.get(`/events/${event.slug}/queue`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('You are in the pre-queue');
    expect(page.text).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    expect(page.text).not.toContain('<script');
    advance(MINUTE + 1000);
    const admitted = await b.get(`/events/${event.slug}/queue`);
    expect(admitted.status).toBe(303);
    expect(admitted.headers.location).toBe(`/checkout/${event.id}?slug=${event.slug}`);
    expect(String(admitted.headers['set-cookie'])).toMatch(
      /gp_wrp_[0-9a-f]{32}=[\w-]+\.[\w-]+; Max-Age=600; Path=\/api\/v1\/orders; HttpOnly; SameSite=Strict/,
    );
  });

  it('lets a crowd in at the rate even after a quiet spell', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 60 });
    advance(30 * MINUTE);
    const crowd = Array.from({ length: 5 }, () => new Browser());
    const states = [];
    for (const b of crowd) states.push(await b.status(event.slug));
    expect(states.map((s) => s.state)).toEqual([
      'admitted',
      'waiting',
      'waiting',
      'waiting',
      'waiting',
    ]);
    expect(states.map((s) => s.position)).toEqual([null, 1, 2, 3, 4]);
    advance(2000);
    expect((await crowd[2]!.status(event.slug)).state).toBe('admitted');
    expect((await crowd[3]!.status(event.slug)).state).toBe('waiting');
  });

  it('lets no newcomer in while paused, even when the line was empty', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 600 });
    advance(10 * MINUTE);
    const paused = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: {
        enabled: true,
        onSaleAt: event.onSaleAt.toISOString(),
        ratePerMinute: 600,
        paused: true,
      },
    });
    expect(paused.status).toBe(200);
    const late = new Browser();
    expect(await late.status(event.slug)).toMatchObject({ state: 'paused', position: 1 });
    expect((await late.order(event.id, event.ticketTypeId)).status).toBe(403);
  });

  it('shows the place and an estimate at the current rate, and holds it while paused', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 2 });
    const browsers = Array.from({ length: 5 }, () => new Browser());
    for (const b of browsers) await b.status(event.slug);
    // Rank 4 (place 5) is admitted once 5 places are: 2.5 minutes at 2 a minute.
    const last = await browsers[4]!.status(event.slug);
    expect(last).toMatchObject({ state: 'waiting', position: 5, estimateSeconds: 150 });
    const page = await browsers[4]!.get(`/events/${event.slug}/queue`);
    expect(page.text).toContain('about 3 minutes');
    advance(MINUTE);
    expect(await browsers[4]!.status(event.slug)).toMatchObject({ position: 3 });
    const paused = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: {
        enabled: true,
        onSaleAt: event.onSaleAt.toISOString(),
        ratePerMinute: 2,
        paused: true,
      },
    });
    expect(paused.body.data).toMatchObject({ paused: true, admitted: 2, joined: 5, waiting: 3 });
    advance(10 * MINUTE);
    expect(await browsers[4]!.status(event.slug)).toMatchObject({
      state: 'paused',
      position: 3,
      estimateSeconds: null,
    });
    // Resumed at 60 a minute: 3 more within the next 3 seconds.
    await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: {
        enabled: true,
        onSaleAt: event.onSaleAt.toISOString(),
        ratePerMinute: 60,
        paused: false,
      },
    });
    advance(3000);
    expect((await browsers[4]!.status(event.slug)).state).toBe('admitted');
  });
});

describe("waiting room: a placed visitor's poll (decision 098)", () => {
  const roomIdOf = async (eventId: string) =>
    (
      await t.db
        .selectFrom('waiting_rooms')
        .select('room_id')
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).room_id;
  const placeName = (roomId: string) => `gp_wrq_${roomId.replaceAll('-', '')}`;

  /** The queue's store as the app has it, to empty behind the app's back. */
  async function withStore(run: (store: QueueStore) => Promise<void>) {
    const redis = testRedisUrl ? new Redis(testRedisUrl) : undefined;
    try {
      await run(redis ? new RedisQueueStore(redis) : new PgQueueStore(t.db));
    } finally {
      redis?.disconnect();
    }
  }

  /** Three browsers in line at one a minute, from the on-sale time: the third waits at 3. */
  async function givenThirdInLine() {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 1 });
    for (const b of [new Browser(), new Browser()]) await b.status(event.slug);
    const third = new Browser();
    const placed = await third.status(event.slug);
    const roomId = await roomIdOf(event.id);
    return { event, third, placed, roomId };
  }

  it('is answered from the signed place and the clock, with no store asked, until the turn may come', async () => {
    const { event, third, placed, roomId } = await givenThirdInLine();
    expect(placed).toMatchObject({ state: 'waiting', position: 3 });
    expect(third.cookies.get(placeName(roomId))).toMatch(/^2\.[\w-]{43}$/);

    // The queue's store emptied behind the app's back: the place still answers, unchanged.
    await withStore((store) => store.clear(roomId));
    expect(await third.status(event.slug)).toMatchObject({ state: 'waiting', position: 3 });
    // Without the place the store is asked, and it no longer knows this visitor.
    const place = third.cookies.get(placeName(roomId))!;
    third.cookies.delete(placeName(roomId));
    expect(await third.status(event.slug)).not.toMatchObject({ state: 'waiting', position: 3 });
    third.cookies.set(placeName(roomId), place);
  });

  it('asks the store once the turn may have come, and lets the visitor in', async () => {
    const { event, third, roomId } = await givenThirdInLine();
    expect(third.cookies.get(placeName(roomId))).toBeDefined();
    advance(3 * MINUTE + 1000);
    const admitted = await third.status(event.slug);
    expect(admitted.state).toBe('admitted');
    expect(admitted.next).toBe(`/checkout/${event.id}?slug=${event.slug}`);
    expect([...third.cookies.keys()].some((k) => k.startsWith('gp_wrp_'))).toBe(true);
  });

  it('ignores a place whose rank was changed, or signed for another visitor', async () => {
    const { event, third, roomId } = await givenThirdInLine();
    const [, signature] = third.cookies.get(placeName(roomId))!.split('.');
    // A later rank with the old signature: not this server's, so the store answers.
    third.cookies.set(placeName(roomId), `40.${signature}`);
    expect(await third.status(event.slug)).toMatchObject({ state: 'waiting', position: 3 });
    // Another browser's place, brought to this one.
    const fourth = new Browser();
    await fourth.status(event.slug);
    fourth.cookies.set(placeName(roomId), `2.${signature}`);
    expect(await fourth.status(event.slug)).toMatchObject({ state: 'waiting', position: 4 });
  });

  it('is carried in a header by the widget, which gets no cookies', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 1 });
    await new Browser().status(event.slug);
    const url = `${API}/waiting-room/${event.slug}/status`;
    const ip = '10.9.8.7';
    const first = await t.request('GET', url, { ip, headers: { 'x-waiting-room-carry': '1' } });
    const visitor = String(first.headers['x-waiting-room-visitor']);
    const place = String(first.headers['x-waiting-room-place']);
    expect(first.body.data).toMatchObject({ state: 'waiting', position: 2 });
    expect(place).toMatch(/^1\.[\w-]{43}$/);

    const roomId = await roomIdOf(event.id);
    await withStore((store) => store.clear(roomId));
    const carried = { 'x-waiting-room-carry': '1', 'x-waiting-room-visitor': visitor };
    const poll = await t.request('GET', url, {
      ip,
      headers: { ...carried, 'x-waiting-room-place': place },
    });
    expect(poll.body.data).toMatchObject({ state: 'waiting', position: 2 });
  });
});

describe('waiting room: checkout', () => {
  it('refuses an order without a pass with 403, a sentence and the queue link', async () => {
    const event = await givenEventWithRoom();
    const res = await new Browser().order(event.id, event.ticketTypeId);
    expect(res.status).toBe(403);
    const queueUrl = `http://gatepass.test/events/${event.slug}/queue`;
    expect(res.body).toMatchObject({ code: 'WAITING_ROOM', details: { queueUrl } });
    expect(res.body.error).toBe(
      `This sale has a waiting room: tickets can be bought only on your turn. Join the queue at ${queueUrl}`,
    );
  });

  it('takes an order with an admitted pass once; a second order with it is refused', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 600 });
    const b = new Browser();
    await b.status(event.slug);
    advance(1000);
    expect((await b.status(event.slug)).state).toBe('admitted');
    const first = await b.order(event.id, event.ticketTypeId);
    expect(first.status, first.text).toBe(201);
    const second = await b.order(event.id, event.ticketTypeId);
    expect(second.status).toBe(403);
    expect(second.body.error).toMatch(/already been used/);
    // The queue page now says so, and offers a new place at the back.
    expect((await b.status(event.slug)).state).toBe('used');
    const again = await b.get(`/events/${event.slug}/queue?again=1`);
    expect(again.status).toBe(303);
    // No one else waits, so the new place at the back is a new turn at once.
    expect((await b.status(event.slug)).state).toBe('admitted');
    expect((await b.order(event.id, event.ticketTypeId)).status).toBe(201);
  });

  it('gives the turn back when the order itself is refused', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 600 });
    const b = new Browser();
    await b.status(event.slug);
    advance(1000);
    await b.status(event.slug);
    const refused = await t.request('POST', `${API}/orders`, {
      body: {
        eventId: event.id,
        items: [{ ticketTypeId: event.ticketTypeId, quantity: 999 }],
        buyer: buyer(),
      },
      headers: { cookie: b.header() },
      ip: b.ip,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).not.toBe(403);
    expect((await b.order(event.id, event.ticketTypeId)).status).toBe(201);
  });

  it('refuses a forged pass, a pass of another browser, and a pass past its time', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 600, passMinutes: 2 });
    const holder = new Browser();
    await holder.status(event.slug);
    advance(1000);
    await holder.status(event.slug);
    const passName = [...holder.cookies.keys()].find((k) => k.startsWith('gp_wrp_'))!;
    const pass = holder.cookies.get(passName)!;

    // Made up with another key, for this very visitor and room.
    const [payload] = pass.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = issuePass('not-the-servers-key-not-the-servers-key', {
      roomId: claims.r,
      eventId: claims.e,
      visitorId: claims.v,
      expiresAt: claims.x + 3_600_000,
    });
    const withForged = await new Browser().order(event.id, event.ticketTypeId, {
      cookie: `${holder.header().replace(pass, forged)}`,
    });
    expect(withForged.status).toBe(403);
    expect(withForged.body.error).toMatch(/not valid/);
    // Its payload changed and the real signature kept.
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, x: claims.x + 3_600_000 })).toString('base64url')}.${pass.split('.')[1]}`;
    const withTampered = await holder.order(event.id, event.ticketTypeId, {
      'x-waiting-room-pass': tampered,
    });
    expect(withTampered.status).toBe(403);

    // Shared with a friend: their browser is another visitor.
    const friend = new Browser();
    await friend.status(event.slug);
    const shared = await friend.order(event.id, event.ticketTypeId, {
      'x-waiting-room-pass': pass,
    });
    expect(shared.status).toBe(403);
    expect(shared.body.error).toMatch(/not valid in this browser/);

    advance(2 * MINUTE);
    const late = await holder.order(event.id, event.ticketTypeId);
    expect(late.status).toBe(403);
    expect(late.body.error).toMatch(/turn to buy has ended/);
    expect((await holder.status(event.slug)).state).toBe('expired');
  });

  it('asks for no pass when the room is off, and forgets the queue', async () => {
    const event = await givenEventWithRoom();
    const b = new Browser();
    await b.status(event.slug);
    const off = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: { enabled: false, onSaleAt: event.onSaleAt.toISOString(), ratePerMinute: 60 },
    });
    expect(off.body.data).toMatchObject({ enabled: false, joined: 0 });
    expect((await b.order(event.id, event.ticketTypeId)).status).toBe(201);
    expect((await b.status(event.slug)).state).toBe('open');
    const page = await b.get(`/events/${event.slug}/queue`);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe(`/events/${event.slug}`);
  });

  it('shows the organiser the line, the admissions and the sales live', async () => {
    const event = await givenEventWithRoom({ onSaleInMs: 0, ratePerMinute: 60 });
    const browsers = Array.from({ length: 4 }, () => new Browser());
    for (const b of browsers) await b.status(event.slug);
    advance(2500);
    await browsers[0]!.status(event.slug);
    expect((await browsers[0]!.order(event.id, event.ticketTypeId)).status).toBe(201);
    const res = await t.request('GET', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
    });
    expect(res.body.data).toMatchObject({
      joined: 4,
      admitted: 2,
      waiting: 2,
      passesUsed: 1,
      ticketsSold: 1,
      capacity: 500,
    });
  });
});

describe('waiting room: the public event page', () => {
  it('tells of the queue, its on-sale time and link, only while the room is on', async () => {
    const plain = await givenPublishedEvent(t, owner.token, {}, [{ capacity: 10, price: 0 }]);
    const off = await t.request('GET', `${API}/events/${plain.slug}`);
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.waitingRoom).toBeNull();

    const event = await givenEventWithRoom({ onSaleInMs: 2 * 3_600_000 });
    const on = await t.request('GET', `${API}/events/${event.slug}`);
    expect(on.body.data.waitingRoom).toEqual({
      onSaleAt: event.onSaleAt.toISOString(),
      onSaleLocal: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
      queueUrl: `http://gatepass.test/events/${event.slug}/queue`,
    });

    const turnedOff = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: { enabled: false, onSaleAt: event.onSaleAt.toISOString(), ratePerMinute: 60 },
    });
    expect(turnedOff.status, turnedOff.text).toBe(200);
    // The public read cache keeps an answer for a second at most.
    await new Promise((r) => setTimeout(r, 1100));
    const after = await t.request('GET', `${API}/events/${event.slug}`);
    expect(after.body.data.waitingRoom).toBeNull();
  });
});
