import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, givenDraftEvent, givenPublishedEvent } from './event-factories.ts';
import { givenLoggedInUser } from './factories.ts';
import { API, startTestApp, type TestApp } from './helper.ts';

/**
 * How the web app is delivered. Compressed answers: the web app's files in the brotli or gzip copy the build wrote next
 * to them (apps/web/compress-plugin.ts), API answers of 1 KB or more compressed per
 * request, small ones left alone — with the caching headers unchanged. And the public
 * pages' HTML preloads their route's chunks (from Vite's manifest) and carries the API answers
 * their first render asks for (decision 021).
 */

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

/** A stand-in for `npm run build`'s output, pre-compressed as the build does it. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatepass</title>' +
    '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  const asset = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(asset, SCRIPT);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  // Vite's build manifest: the entry, two pages' chunks and the chunks they share.
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', imports: ['_react-r1.js'] },
      '_react-r1.js': { file: 'assets/react-r1.js' },
      '_card-c1.js': { file: 'assets/card-c1.js', imports: ['_react-r1.js'] },
      'src/app/routes/home.tsx': {
        file: 'assets/home-h1.js',
        imports: ['index.html', '_react-r1.js', '_card-c1.js'],
      },
      'src/app/routes/events/event-detail.tsx': {
        file: 'assets/event-detail-d1.js',
        imports: ['index.html', '_react-r1.js'],
      },
    }),
  );
  return dir;
}

function decode(encoding: unknown, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** The API answers a page's HTML carries, by key; undefined when it carries none. */
function pageData(html: string): Record<string, unknown> | undefined {
  const found = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : undefined;
}

describe('web delivery', () => {
  let t: TestApp;
  let webDir: string;
  let token = '';
  let slug = '';
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await startTestApp({ webDistDir: webDir });
    ({ token } = await givenLoggedInUser(t));
    for (let i = 0; i < 4; i++) {
      const event = await givenPublishedEvent(t, token, { title: `Loud Night ${i}` });
      slug ||= event.slug;
    }
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset in the build’s brotli or gzip copy, still cached for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload)).toBe(SCRIPT);
    }
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a built file that is not there with 404, never the HTML shell', async () => {
    // A page of another build asks for its stylesheet: HTML in its place left the page
    // unstyled, and the service worker kept it under the stylesheet's name (issue 24 §4).
    const res = await get('/assets/index-gone123.css');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toMatch(/<html/i);
    // Client routes still get the shell.
    expect((await get('/events/manage/orders/')).body).toMatch(/<html/i);
  });

  it('compresses a large JSON answer for a client that accepts it, and only then', async () => {
    const plain = await get(EVENTS);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(EVENTS, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(JSON.parse(plain.body));
    }
  });

  it('leaves small answers and the no-cache HTML shell as they are', async () => {
    const health = await get(`${API}/health`, 'gzip, br');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTypeOf('object');

    const page = await get('/events', 'gzip, br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decode(page.headers['content-encoding'], page.rawPayload)).toContain('<div id="root">');
  });

  it('preloads a public page’s own chunks in its HTML, not those the entry loads already', async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(preloads(home.body)).toEqual(['/assets/home-h1.js', '/assets/card-c1.js']);
    const event = await get(`/events/${slug}`);
    expect(event.statusCode).toBe(200);
    expect(preloads(event.body)).toEqual(['/assets/event-detail-d1.js']);
    expect(event.body).toContain('<title>Loud Night 0');
    // A page without a chunk of its own gets index.html as it is.
    const login = await get('/login');
    expect(login.statusCode).toBe(200);
    expect(preloads(login.body)).toEqual([]);
  });

  describe('page data (decision 021)', () => {
    const answer = async (url: string) => {
      const res = await get(`${API}${url}`);
      expect(res.statusCode, url).toBe(200);
      return res.json() as unknown;
    };

    it('carries the home page’s upcoming events as GET /events answers them', async () => {
      const home = await get('/');
      expect(home.statusCode).toBe(200);
      const data = pageData(home.body);
      expect(Object.keys(data ?? {})).toEqual(['/events?page=1&pageSize=6']);
      expect(data?.['/events?page=1&pageSize=6']).toEqual(
        await answer('/events?page=1&pageSize=6'),
      );
      expect(JSON.stringify(data)).toContain('Loud Night 0');
    });

    it('carries the list the address asks for, filters included, and nothing the API refuses', async () => {
      const list = await get('/events?price=paid&q=loud');
      const data = pageData(list.body);
      expect(Object.keys(data ?? {})).toEqual(['/events?page=1&price=paid&q=loud']);
      const expected = (await answer('/events?q=loud&price=paid&page=1')) as {
        data: { total: number };
      };
      expect(expected.data.total).toBe(4);
      expect(data?.['/events?page=1&price=paid&q=loud']).toEqual(expected);

      // "from" after "to" is a 400 from the API: the page is served, with no data to show.
      const refused = await get('/events?from=2026-12-31&to=2026-12-01');
      expect(refused.statusCode).toBe(200);
      expect(refused.body).toContain('<div id="root">');
      expect(pageData(refused.body)).toBeUndefined();
    });

    it('carries an event’s page data only for an event that is there', async () => {
      const page = await get(`/events/${slug}`);
      expect(page.statusCode).toBe(200);
      expect(pageData(page.body)).toEqual({ [`/events/${slug}`]: await answer(`/events/${slug}`) });

      const missing = await get('/events/no-such-event-here');
      expect(missing.statusCode).toBe(404);
      expect(pageData(missing.body)).toBeUndefined();

      const draft = await givenDraftEvent(t, token, { title: 'Unpublished Rehearsal' });
      const draftPage = await get(`/events/${draft.slug}`);
      expect(draftPage.statusCode).toBe(404);
      expect(pageData(draftPage.body)).toBeUndefined();
      expect(draftPage.body).not.toContain('Unpublished Rehearsal');

      // A word the web app's own pages use under /events/: its page, with no event data.
      const manage = await get('/events/manage');
      expect(manage.statusCode).toBe(200);
      expect(pageData(manage.body)).toBeUndefined();
    });

    it('keeps an organiser’s text inside the data: a title cannot close the element or add a script', async () => {
      const title = '</script><script>window.__pwned=1</script><!-- & \u2028 "Night"';
      const event = await givenPublishedEvent(t, token, { title });
      const page = await get(`/events/${event.slug}`);
      expect(page.statusCode).toBe(200);
      // The shell's entry, the JSON-LD and the page data: no fourth script element.
      expect(page.body.match(/<script/g)).toHaveLength(3);
      // The title shows up only escaped (\u003c in JSON, &lt; in attributes), never as markup.
      expect(page.body).not.toContain('<script>window.__pwned');
      expect(page.body).not.toContain('<!-- &');
      const data = pageData(page.body)?.[`/events/${event.slug}`] as { data: { title: string } };
      expect(data.data.title).toBe(title);
    });
  });
});

/**
 * Issue 16: in test mode (PAYMENTS_TEST_MODE) every page says so, from the HTML itself,
 * before any script runs; without it no page does.
 */
describe('the test-mode banner', () => {
  const BANNER = 'Test mode — no real money';
  const PAGES = ['/', '/events', '/events/manage', '/checkout/pay/test/x', '/index.html'];

  it.each([true, false])('is first in <body> on every page when test mode is %s', async (on) => {
    const webDir = fakeWebBuild();
    const t = await startTestApp({ webDistDir: webDir, paymentsTestMode: on });
    try {
      const { token } = await givenLoggedInUser(t);
      const event = await givenPublishedEvent(t, token, { title: 'Banner Night' });
      for (const url of [...PAGES, `/events/${event.slug}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        if (on) {
          expect(res.body, url).toMatch(
            new RegExp(`<body>\\s*<div id="test-mode-banner" role="note"[^>]*>${BANNER}</div>`),
          );
          // Its space is given up by the page (issue 24 §4): body padded, navbar moved by the variable.
          expect(res.body, url).toMatch(
            /<head>[^]*<style>:root\{--test-banner:28px\}body\{padding-top:28px\}<\/style>[^]*<\/head>/,
          );
        } else {
          expect(res.body, url).not.toContain(BANNER);
        }
      }
    } finally {
      await t.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
