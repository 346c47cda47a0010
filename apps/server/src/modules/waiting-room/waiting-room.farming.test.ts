import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenLoggedInUser, uniquePhone } from '../../../test/factories.ts';
import { givenPublishedEvent, MANAGE, type TestClock } from '../../../test/event-factories.ts';
import { API, startTestApp, testRedisUrl, type Reply, type TestApp } from '../../../test/helper.ts';
import { solveJoinChallenge } from '../../../test/waiting-room-proof.ts';

/**
 * Issue 21 §5: the pre-queue's draw cannot be farmed (decisions 054 and 055). Run with
 * REDIS_URL set for the Redis store, without for PostgreSQL's.
 */
const MINUTE = 60_000;
const clock: TestClock = { now: new Date() };
let t: TestApp;
let owner: { token: string };

beforeAll(async () => {
  t = await startTestApp(testRedisUrl ? { redisUrl: testRedisUrl } : {}, {
    now: () => clock.now,
  });
  owner = await givenLoggedInUser(t);
});
afterAll(() => t?.close());

class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly ip = `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
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
  async status(slug: string): Promise<Reply> {
    return this.keep(
      await t.request('GET', `${API}/waiting-room/${slug}/status`, {
        headers: { cookie: this.header() },
        ip: this.ip,
      }),
    );
  }
  async join(slug: string, body: unknown, token?: string): Promise<Reply> {
    return this.keep(
      await t.request('POST', `${API}/waiting-room/${slug}/join`, {
        body,
        headers: { cookie: this.header() },
        ip: this.ip,
        ...(token ? { token } : {}),
      }),
    );
  }
  /** Asks for the check, solves it and joins: what the join screen does. */
  async solveAndJoin(slug: string): Promise<string> {
    const res = await this.status(slug);
    if (res.body.data.state !== 'check') return res.body.data.state as string;
    const joined = await this.join(slug, await solveJoinChallenge(res.body.data.challenge));
    expect(joined.status, joined.text).toBe(200);
    return joined.body.data.state as string;
  }
}

async function givenRoom(settings: Record<string, unknown> = {}, onSaleInMs = 10 * MINUTE) {
  const event = await givenPublishedEvent(t, owner.token, {}, [{ capacity: 500, price: 0 }]);
  const manage = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
  const ticketTypeId = manage.body.data.ticketTypes[0].id as string;
  const res = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
    token: owner.token,
    body: {
      enabled: true,
      onSaleAt: new Date(clock.now.getTime() + onSaleInMs).toISOString(),
      ratePerMinute: 60,
      ...settings,
    },
  });
  expect(res.status, res.text).toBe(200);
  return { ...event, ticketTypeId };
}

async function figures(eventId: string) {
  const res = await t.request('GET', `${MANAGE}/${eventId}/waiting-room`, { token: owner.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { joined: number; preQueue: number };
}

/** Sets the clock `ms` before the next minute starts (the address's count starts again then). */
function beforeNextMinute(ms: number) {
  const next = Math.ceil((clock.now.getTime() + 1) / MINUTE) * MINUTE;
  clock.now = new Date(next - ms);
}

/** `n` fresh visitors from one address, 25 at a time, each solving its own check. */
async function crowd(slug: string, ip: string, n: number): Promise<string[]> {
  const states: string[] = [];
  for (let i = 0; i < n; i += 25) {
    const batch = Array.from({ length: Math.min(25, n - i) }, () => new Browser(ip));
    states.push(...(await Promise.all(batch.map((b) => b.solveAndJoin(slug)))));
  }
  return states;
}

describe('the pre-queue cannot be farmed from one address', () => {
  // 600 requests and 300 solved checks: longer than the default 30 s on a loaded machine.
  it('gives 300 fresh visitors from one address, across a minute boundary, at most 30 places', async () => {
    const event = await givenRoom();
    expect((await figures(event.id)) as unknown).toMatchObject({ placesPerAddressPerMinute: 15 });
    // Half just before a new minute, half just after: the worst case of counting per minute.
    beforeNextMinute(1500);
    const first = await crowd(event.slug, '203.0.113.7', 150);
    clock.now = new Date(clock.now.getTime() + 3000);
    const second = await crowd(event.slug, '203.0.113.7', 150);
    const states = [...first, ...second];
    const placed = states.filter((s) => s === 'prequeue').length;
    expect(placed).toBeLessThanOrEqual(30);
    expect(placed).toBe(30);
    expect(states.filter((s) => s === 'limited')).toHaveLength(270);
    expect((await figures(event.id)).preQueue).toBe(placed);
    // Honest visitors from other addresses are not affected.
    const others = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Browser(`198.51.100.${i + 1}`).solveAndJoin(event.slug),
      ),
    );
    expect(others.every((s) => s === 'prequeue')).toBe(true);
  }, 120_000);

  it('counts an IPv6 /64 as one address', async () => {
    const event = await givenRoom({ placesPerAddressPerMinute: 3 });
    const states = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        new Browser(`2001:db8:1:2::${(i + 1).toString(16)}`).solveAndJoin(event.slug),
      ),
    );
    expect(states.filter((s) => s === 'prequeue')).toHaveLength(3);
  });

  it('limits new places at the back of the line after the on-sale time as well', async () => {
    const event = await givenRoom({ placesPerAddressPerMinute: 10 }, 0);
    const res = await Promise.all(
      Array.from({ length: 60 }, () => new Browser('203.0.113.9').status(event.slug)),
    );
    const states = res.map((r) => r.body.data.state as string);
    expect(states.filter((s) => s === 'limited')).toHaveLength(50);
    expect((await figures(event.id)).joined).toBe(10);
  });

  it('lets the organiser raise the limit for one event', async () => {
    const event = await givenRoom({ placesPerAddressPerMinute: 500 });
    const states = await crowd(event.slug, '203.0.113.8', 60);
    expect(states.every((s) => s === 'prequeue')).toBe(true);
  });
});

describe('visitor ids are the server’s', () => {
  it('replaces a made-up or unsigned id, and a signed one with its signature changed', async () => {
    const event = await givenRoom();
    const holder = new Browser();
    expect(await holder.solveAndJoin(event.slug)).toBe('prequeue');
    const real = holder.cookies.get('gp_wr')!;
    const [id, signature] = real.split('.');
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(signature).toMatch(/^[\w-]{43}$/);

    const madeUp = 'A'.repeat(43);
    const forged = `${id}.${'B'.repeat(43)}`;
    for (const value of [madeUp, id!, forged, `${madeUp}.${signature}`]) {
      const b = new Browser();
      b.cookies.set('gp_wr', value);
      const res = await b.status(event.slug);
      expect(res.status).toBe(200);
      // Not the holder's place: a new visitor, asked for the check, with a new signed id.
      expect(res.body.data.state).toBe('check');
      const given = b.cookies.get('gp_wr')!;
      expect(given).not.toBe(value);
      expect(given.split('.')[0]).not.toBe(id);
      expect(given).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    }
    // The holder, with the real cookie, keeps the place.
    expect((await holder.status(event.slug)).body.data.state).toBe('prequeue');
  });
});

describe('joining the pre-queue costs a proof of work', () => {
  it('gives no place without a solved check, nor for a wrong or tampered one', async () => {
    const event = await givenRoom();
    const b = new Browser();
    const first = await b.status(event.slug);
    expect(first.body.data.state).toBe('check');
    expect(first.body.data.challenge.parameters).toMatchObject({ algorithm: 'SHA-256' });
    expect((await b.status(event.slug)).body.data.state).toBe('check');
    expect((await figures(event.id)).preQueue).toBe(0);

    const none = await b.join(event.slug, {});
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('WAITING_ROOM');
    const solved = await solveJoinChallenge(first.body.data.challenge);
    const wrong = structuredClone(solved);
    wrong.proof.solution.counter += 1;
    expect((await b.join(event.slug, wrong)).status).toBe(403);
    const tampered = structuredClone(solved);
    (tampered.proof.challenge.parameters.data as Record<string, unknown>).v = 'someone-else';
    expect((await b.join(event.slug, tampered)).status).toBe(403);
    expect((await figures(event.id)).preQueue).toBe(0);

    const ok = await b.join(event.slug, solved);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.state).toBe('prequeue');
    expect((await figures(event.id)).preQueue).toBe(1);
  });

  it('refuses a spent challenge: another browser cannot use it, the same one gets no second place', async () => {
    const event = await givenRoom();
    const b = new Browser();
    const check = await b.status(event.slug);
    const solved = await solveJoinChallenge(check.body.data.challenge);
    expect((await b.join(event.slug, solved)).body.data.state).toBe('prequeue');

    // Replayed by 20 fresh browsers at once: each is refused.
    const replays = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const other = new Browser();
        await other.status(event.slug);
        return other.join(event.slug, solved);
      }),
    );
    expect(replays.map((r) => r.status)).toEqual(Array(20).fill(403));
    // Replayed by its own browser, 20 at once: the one place it has.
    const again = await Promise.all(Array.from({ length: 20 }, () => b.join(event.slug, solved)));
    expect(again.every((r) => r.status === 200 && r.body.data.state === 'prequeue')).toBe(true);
    expect((await figures(event.id)).preQueue).toBe(1);
  });

  it('gives a room that asks for an account one place per account, in any browser', async () => {
    const event = await givenRoom({ joinCheck: 'account' });
    const anonymous = new Browser();
    expect((await anonymous.status(event.slug)).body.data.state).toBe('signin');
    expect((await anonymous.join(event.slug, {})).status).toBe(403);
    const user = await givenLoggedInUser(t);
    const phone = new Browser();
    const laptop = new Browser();
    const onPhone = await phone.join(event.slug, {}, user.token);
    expect(onPhone.status, onPhone.text).toBe(200);
    expect(onPhone.body.data.state).toBe('prequeue');
    expect((await laptop.join(event.slug, {}, user.token)).body.data.state).toBe('prequeue');
    // The phone keeps its place without the token: its cookie names the account's visitor.
    expect((await phone.status(event.slug)).body.data.state).toBe('prequeue');
    expect((await figures(event.id)).preQueue).toBe(1);
  });
});

describe('a pass buys once', () => {
  it('takes one order of 20 sent at once with the same pass', async () => {
    const event = await givenRoom({}, 0);
    const b = new Browser();
    await b.status(event.slug);
    clock.now = new Date(clock.now.getTime() + 1000);
    expect((await b.status(event.slug)).body.data.state).toBe('admitted');
    let n = 0;
    const orders = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', `${API}/orders`, {
          body: {
            eventId: event.id,
            items: [{ ticketTypeId: event.ticketTypeId, quantity: 1 }],
            buyer: {
              firstName: 'Ada',
              lastName: `Once${(n += 1)}`,
              email: `once.${n}.${Date.now()}@example.com`,
              phone: uniquePhone(),
            },
          },
          headers: { cookie: b.header() },
          ip: b.ip,
        }),
      ),
    );
    const statuses = orders.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
  });
});
