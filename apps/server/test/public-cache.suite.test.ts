import zlib from 'node:zlib';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS, MANAGE, givenPublishedEvent } from './event-factories.ts';
import { givenLoggedInUser, uniquePhone } from './factories.ts';
import { registerPublicCache } from '../src/plugins/public-cache.ts';
import { API, startTestApp, type TestApp } from './helper.ts';

/**
 * The public reads' micro-cache (plugins/public-cache.ts): a crowd on one event page costs
 * one query a second; this process's own writes show at once; a change it did not make
 * (another process's) shows within the second; headers stay right on a cached answer.
 */
let t: TestApp;
let token: string;
let event: { id: string; slug: string };
let ticketTypeId: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await givenLoggedInUser(t)).token;
  event = await givenPublishedEvent(t, token, { title: 'Cache Night' }, [
    { name: 'Regular', price: 0, capacity: 10 },
  ]);
  const detail = await t.request('GET', `${EVENTS}/${event.slug}`);
  ticketTypeId = detail.body.data.ticketTypes[0].id as string;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const detail = () => t.request('GET', `${EVENTS}/${event.slug}`);
const remaining = async () => (await detail()).body.data.ticketTypes[0].remaining as number;

describe('the public events cache', () => {
  it('answers from memory within the second: a change behind its back shows only after', async () => {
    const before = await detail();
    expect(before.status).toBe(200);
    // Another process (or a hand in the database) renames the event.
    await sql`update events set title = 'Renamed Elsewhere' where id = ${event.id}`.execute(t.db);
    const cached = await detail();
    expect(cached.body.data.title).toBe('Cache Night');
    expect(cached.text).toBe(before.text);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await detail()).body.data.title).toBe('Renamed Elsewhere');
    await sql`update events set title = 'Cache Night' where id = ${event.id}`.execute(t.db);
  });

  it("shows this process's own writes at once: an organiser's edit and a checkout", async () => {
    const left = await remaining();
    const patched = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token,
      body: { summary: 'Now with fireworks.' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await detail()).body.data.summary).toBe('Now with fireworks.');
    const list = await t.request('GET', EVENTS);
    expect(list.text).toContain('Now with fireworks.');

    const order = await t.post(`${API}/orders`, {
      eventId: event.id,
      items: [{ ticketTypeId, quantity: 2 }],
      buyer: {
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada.cache@example.com',
        phone: uniquePhone(),
      },
    });
    expect(order.status, order.text).toBe(201);
    expect(await remaining()).toBe(left - 2);
  });

  it('keeps each query string apart and caches only successes', async () => {
    const music = await t.request('GET', `${EVENTS}?category=Music`);
    const tech = await t.request('GET', `${EVENTS}?category=Tech`);
    expect(music.status).toBe(200);
    expect(music.text).not.toBe(tech.text);
    expect((await t.request('GET', `${EVENTS}?category=Nope`)).status).toBe(400);
    expect((await t.request('GET', `${EVENTS}/no-such-event`)).status).toBe(404);
    const drafted = await t.post(MANAGE, { title: 'Not Yet' }, { token });
    expect((await t.request('GET', `${EVENTS}/${drafted.body.data.slug as string}`)).status).toBe(
      404,
    );
  });

  it('sends the security headers on a cached answer, and no-store to a signed-in caller', async () => {
    await detail();
    const hit = await detail();
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['content-type']).toMatch(/^application\/json/);
    const signedIn = await t.request('GET', `${EVENTS}/${event.slug}`, { token });
    expect(signedIn.text).toBe(hit.text);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('writes an anonymous hit with the headers of an anonymous miss, whoever filled the entry', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const perAnswer = new Set(['date', 'connection', 'keep-alive']);
    const stable = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perAnswer.has(name)));
    const miss = await get(`${EVENTS}?probe=anonymous`);
    const hit = await get(`${EVENTS}?probe=anonymous`);
    expect(hit.body).toBe(miss.body);
    expect(stable(hit.headers)).toEqual(stable(miss.headers));
    // Filled by a signed-in caller, whose own answer is no-store: the entry does not keep that.
    const url = `${EVENTS}?probe=filled-signed-in`;
    const signedIn = await t.request('GET', url, { token });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const after = await get(url);
    expect(after.body).toBe(signedIn.text);
    expect(stable(after.headers)).toEqual(stable(miss.headers));
    expect(after.headers['cache-control']).toBeUndefined();
  });

  it('still checks an API token on a cached URL, and its refusal has the security headers', async () => {
    await detail();
    expect((await detail()).status).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: `${EVENTS}/${event.slug}`,
      headers: { authorization: `Bearer gpat_${'x'.repeat(43)}` },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('answers HEAD with the GET answer’s headers and no body', async () => {
    for (const url of [EVENTS, `${EVENTS}/${event.slug}`]) {
      const get = await t.request('GET', url);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      expect(head.headers['content-length'], url).toBe(String(Buffer.byteLength(get.text)));
      expect(head.headers['content-type'], url).toMatch(/^application\/json/);
      expect(head.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers a crowd arriving together with one query: the others wait for its answer', async () => {
    const list = vi.spyOn(t.app.services.events.published, 'list');
    const url = `${EVENTS}?q=crowd`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request('GET', url)));
    expect(list).toHaveBeenCalledTimes(1);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(answers[0]!.text);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('lets the waiting requests ask for themselves when the first one fails', async () => {
    const list = vi.spyOn(t.app.services.events.published, 'list');
    list.mockRejectedValueOnce(new Error('database went away'));
    const url = `${EVENTS}?q=flaky`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.request('GET', url)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 500]);
    expect(list.mock.calls.length).toBeGreaterThan(1);
    // A failure is not kept: the next request is answered.
    expect((await t.request('GET', url)).status).toBe(200);
  });

  it("shows this process's write at once even while a read from before it is still running", async () => {
    const getPublic = t.app.services.events.published.get.bind(t.app.services.events.published);
    let slowReads = 1;
    // The next detail read is read from the database first and answered 300 ms later.
    vi.spyOn(t.app.services.events.published, 'get').mockImplementation(async (slug) => {
      const data = await getPublic(slug);
      if (slowReads-- > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      return data;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the detail's entry expires
    const before = detail();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const patched = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token,
      body: { summary: 'Changed mid-read.' },
    });
    expect(patched.status, patched.text).toBe(200);
    // Not the answer being read before the write, neither now nor once it is done.
    expect((await detail()).body.data.summary).toBe('Changed mid-read.');
    expect((await before).body.data.summary).not.toBe('Changed mid-read.');
    expect((await detail()).body.data.summary).toBe('Changed mid-read.');
  });

  it('sends a hit in the coding @fastify/compress chose for the miss, encoding an entry once', async () => {
    // The list above 1 KB, @fastify/compress's threshold.
    for (let i = 0; i < 3; i++) await givenPublishedEvent(t, token, { title: `Loud Night ${i}` });
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    const get = (url: string, accept: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept, ...headers } });
    const decode = (coding: unknown, body: Buffer) =>
      coding === 'br'
        ? zlib.brotliDecompressSync(body).toString()
        : coding === 'gzip'
          ? zlib.gunzipSync(body).toString()
          : body.toString();
    const cases = ['gzip, deflate, br, zstd', 'gzip', 'br;q=0, gzip;q=0.5', '*', 'identity', 'x'];
    for (const [i, accept] of cases.entries()) {
      const url = `${EVENTS}?probe=${i}`;
      const miss = await get(url, accept);
      const plain = decode(miss.headers['content-encoding'], miss.rawPayload);
      expect(plain.length, accept).toBeGreaterThan(1024);
      for (let n = 0; n < 3; n++) {
        const hit = await get(url, accept);
        expect(hit.headers['content-encoding'], accept).toBe(miss.headers['content-encoding']);
        expect(hit.headers.vary, accept).toBe(miss.headers.vary);
        expect(hit.headers['content-length'], accept).toBe(String(hit.rawPayload.length));
        expect(hit.headers['content-type'], accept).toMatch(/^application\/json/);
        expect(hit.headers['content-security-policy'], accept).toContain("default-src 'self'");
        expect(decode(hit.headers['content-encoding'], hit.rawPayload), accept).toBe(plain);
      }
    }
    // The br entry was encoded by the cache once, for its first hit; the miss by the plugin.
    expect(brotli).toHaveBeenCalledTimes(1);
    const signedIn = await get(`${EVENTS}?probe=0`, 'gzip, deflate, br, zstd', {
      authorization: `Bearer ${token}`,
    });
    expect(signedIn.headers['content-encoding']).toBe('br');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the public cache while writes come fast', () => {
  it('keeps one read of a URL in flight: the requests after each write wait for it, then share a fresh one', async () => {
    const app = Fastify();
    registerPublicCache(app, {
      routes: ['/x'],
      clearOn: ['/w'],
      compression: { encodings: ['br', 'gzip'], threshold: 1024, brotliOptions: {} },
    });
    let queries = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    app.get('/x', async () => {
      const n = ++queries;
      await gate; // the first read is slow: the writes below come while it runs
      return { n };
    });
    app.post('/w', async () => ({ ok: true }));
    await app.ready();
    try {
      const read = () => app.inject({ method: 'GET', url: '/x' });
      const first = read();
      await vi.waitFor(() => expect(queries).toBe(1));
      // A sale: orders answered one after another, each followed by a page view.
      const after: ReturnType<typeof read>[] = [];
      for (let i = 0; i < 5; i++) {
        expect((await app.inject({ method: 'POST', url: '/w' })).statusCode).toBe(200);
        after.push(read());
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(queries).toBe(1); // not a read a write
      open();
      expect((await first).json()).toEqual({ n: 1 });
      // Each came after a write: none takes the read from before them; one fresh read for all.
      for (const res of await Promise.all(after)) expect(res.json()).toEqual({ n: 2 });
      expect(queries).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe('the public cache at start-up', () => {
  const start = (early: 'read' | 'write' | 'none') => {
    const app = Fastify();
    const read = () => app.get('/x', async () => ({ ok: true }));
    const write = () => app.post('/w/x', async () => ({ ok: true }));
    if (early === 'read') read();
    if (early === 'write') write();
    registerPublicCache(app, {
      routes: ['/x'],
      clearOn: ['/w'],
      compression: { encodings: ['br', 'gzip'], threshold: 1024, brotliOptions: {} },
    });
    if (early !== 'read') read();
    if (early !== 'write') write();
    return app.ready().then(
      async () => void (await app.close()),
      (err: Error) => err.message,
    );
  };

  it('refuses to start when a cached or clearing route was added before it (its hooks would be missing)', async () => {
    expect(await start('none')).toBeUndefined();
    expect(await start('read')).toMatch(/no routes found for \/x/);
    expect(await start('write')).toMatch(/no routes found for \/w/);
  });
});
