import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { givenDoorEvent, givenOrganiser } from '../support/door.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 23 §4 (decisions 090, 091): a visitor's first load of `/` and of an event's page
 * fetches at most 60 KB of gzipped JavaScript — every script until the network is idle,
 * lazy chunks included, with a cold cache, as `bench/pages.mjs` measures it. A library or
 * a module pulled into the first load (zod through a constant, a router mode, an icon set)
 * fails here rather than in the next benchmark.
 */
const BUDGET_BYTES = 60 * 1024;

async function firstLoadScripts(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const pending: Promise<[string, number] | undefined>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body): [string, number] => [new URL(res.url()).pathname, gzipSync(body).length],
        () => undefined,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const files = (await Promise.all(pending)).filter((f) => f !== undefined);
  await context.close();
  return {
    bytes: files.reduce((sum, [, size]) => sum + size, 0),
    files: files.map(([name, size]) => `${name} ${(size / 1024).toFixed(1)} KB`),
  };
}

test('/ and an event page each load at most 60 KB of gzipped JavaScript', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const organiser = await givenOrganiser();
  const event = await givenDoorEvent(organiser, { price: 5000 });
  for (const path of ['/', `/events/${event.slug}`]) {
    const { bytes, files } = await firstLoadScripts(browser, baseURL!, path);
    expect(files.length, path).toBeGreaterThan(0);
    expect(bytes, `${path}: ${files.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  }
});
