// 9. The widget (issue 26 §1): the gzipped size of the loader script a host page includes
// (widget.js, budget 15 KB before the checkout loads), and the widget's first paint inside
// a plain host page on another site (Chromium, cold cache): the host's navigation start
// to the frame's first contentful paint, the median of a few runs.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  createDatabase,
  figure,
  freePort,
  givenEvent,
  givenOrganiser,
  log,
  round,
  startApp,
  webDist,
} from './lib/common.mjs';
import { chromiumArgs as ARGS } from '../e2e/support/chromium.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SCRIPT_BUDGET_KB = 15;
const PAINT_TARGET_MS = 2500;
const RUNS = Math.max(1, Number(process.env.BENCH_WIDGET_RUNS ?? 5));

/** The organiser's page: the snippet near the top, so the widget loads at once. */
async function hostPage(gatepass, slug) {
  const port = await freePort();
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host</title></head>
<body><h1>Our event</h1><script async src="${gatepass}/widget.js"></script>
<div data-gatepass-event="${slug}" data-layout="list"></div></body></html>`,
    );
  });
  await new Promise((resolve) => server.listen(port, 'localhost', resolve));
  return { url: `http://localhost:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

export async function widget() {
  const script = fs.readFileSync(path.join(webDist, 'widget.js'));
  const gzipKb = gzipSync(script, { level: 9 }).length / 1024;
  const db = await createDatabase('widget');
  let app;
  let host;
  try {
    app = await startApp('app', db.url);
    const organiser = await givenOrganiser(app.base, db);
    const event = await givenEvent(app.base, organiser.token, {
      title: 'Widget Night',
      tickets: [{ name: 'Regular', price: 5000, capacity: 100 }],
    });
    host = await hostPage(app.base, event.slug);
    log(`widget: first paint inside a host page, ${RUNS} cold runs`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const paints = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const page = await context.newPage();
      await page.goto(host.url);
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      await frame.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
      );
      const frameFcp = await frame.evaluate(
        () =>
          performance.timeOrigin +
          performance.getEntriesByName('first-contentful-paint')[0].startTime,
      );
      const hostOrigin = await page.evaluate(() => performance.timeOrigin);
      paints.push(frameFcp - hostOrigin);
      await context.close();
    }
    await browser.close();
    paints.sort((a, b) => a - b);
    const median = paints[Math.floor(paints.length / 2)];
    return {
      raw: { scriptBytes: script.length, scriptGzipKb: gzipKb, firstPaintMs: paints },
      figures: [
        figure('Widget: widget.js gzipped', round(gzipKb, 1), 'KB', {
          target: `≤ ${SCRIPT_BUDGET_KB} KB`,
          ok: gzipKb <= SCRIPT_BUDGET_KB,
          note: `${script.length} bytes raw; loads nothing until on screen`,
        }),
        figure('Widget: first paint inside a host page (375 px, cold)', round(median), 'ms', {
          target: `≤ ${PAINT_TARGET_MS} ms`,
          ok: median <= PAINT_TARGET_MS,
          note: `median of ${paints.length}: ${paints.map((p) => round(p)).join(', ')} ms, from the host's navigation start`,
        }),
      ],
    };
  } finally {
    await host?.close();
    await app?.stop();
    await db.drop();
  }
}
