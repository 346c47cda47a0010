import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, givenPublishedEvent } from './event-factories.ts';
import { givenLoggedInUser } from './factories.ts';
import { API, startTestApp, type TestApp } from './helper.ts';

/**
 * How the web app is delivered. Compressed answers: the web app's files in the brotli or gzip copy the build wrote next
 * to them (apps/web/compress-plugin.ts), API answers of 1 KB or more compressed per
 * request, small ones left alone — with the caching headers unchanged. And the public
 * pages' HTML preloads their route's chunks (from Vite's manifest).
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

describe('web delivery', () => {
  let t: TestApp;
  let webDir: string;
  let slug = '';
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await startTestApp({ webDistDir: webDir });
    const { token } = await givenLoggedInUser(t);
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
});
