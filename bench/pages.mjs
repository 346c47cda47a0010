// 4. Pages: the gzipped JavaScript a browser loads for / and /events/{slug} (Chromium, cold
// cache), and Lighthouse's mobile scores for /, /events/ and /events/{slug} when the
// `lighthouse` package is installed.
import fs from 'node:fs';
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
} from './lib/common.mjs';

// The flags every browser run of the project uses (Node 24 strips the file's types).
import { chromiumArgs as ARGS } from '../e2e/support/chromium.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const JS_BUDGET_KB = 100;

async function scriptsOf(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  const pending = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => scripts.set(new URL(res.url()).pathname, gzipSync(body).length),
        () => undefined, // a navigation may drop a body
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await Promise.all(pending);
  await context.close();
  const files = Object.fromEntries([...scripts].sort((a, b) => b[1] - a[1]));
  return {
    count: scripts.size,
    gzipBytes: [...scripts.values()].reduce((a, b) => a + b, 0),
    files,
  };
}

const details = {};

/** Lighthouse runs per page (BENCH_LIGHTHOUSE_RUNS); the median run is reported. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
const runsOf = {};

async function lighthouseScores(urls) {
  let lighthouse;
  try {
    lighthouse = (await import('lighthouse')).default;
  } catch {
    return undefined;
  }
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const scores = {};
    for (const url of urls) {
      // Lighthouse's own advice on variability: run several times and take the median run.
      // Each run is a cold browser cache; the server answered the page once before, as a
      // deployed server has.
      await fetch(url).then((r) => r.arrayBuffer());
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        runs.push(
          await lighthouse(url, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          }),
        );
      }
      const perf = (r) => r.lhr.categories.performance.score ?? 0;
      runs.sort((a, b) => perf(a) - perf(b));
      const result = runs[Math.floor(runs.length / 2)];
      runsOf[url] = runs.map((r) => Math.round(perf(r) * 100));
      const { categories, audits } = result.lhr;
      // BENCH_LIGHTHOUSE_DIR=dir keeps the median report (open it in the Lighthouse viewer).
      if (process.env.BENCH_LIGHTHOUSE_DIR) {
        fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
        const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
        fs.writeFileSync(
          path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${name}.json`),
          JSON.stringify(result.lhr),
        );
      }
      scores[url] = Object.fromEntries(
        Object.entries(categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]),
      );
      // What each report points at: failing audits of every category, and the key timings.
      details[url] = {
        failing: Object.entries(categories).flatMap(([k, c]) =>
          c.auditRefs
            .filter(
              (r) =>
                r.weight > 0 &&
                audits[r.id] &&
                audits[r.id].score !== null &&
                audits[r.id].score < 0.9,
            )
            .map(
              (r) =>
                `${k}: ${audits[r.id].title}${audits[r.id].displayValue ? ` (${audits[r.id].displayValue})` : ''}`,
            ),
        ),
        metrics: Object.fromEntries(
          [
            'first-contentful-paint',
            'largest-contentful-paint',
            'total-blocking-time',
            'cumulative-layout-shift',
            'speed-index',
          ].map((id) => [id, audits[id]?.displayValue]),
        ),
      };
    }
    return scores;
  } finally {
    await browser.close();
  }
}

export async function pages() {
  const db = await createDatabase('pages');
  let app;
  try {
    app = await startApp('app', db.url);
    const organiser = await givenOrganiser(app.base, db);
    const event = await givenEvent(app.base, organiser.token, {
      title: 'Pages Night',
      tickets: [{ name: 'Regular', price: 5000, capacity: 100 }],
    });
    log('pages: JavaScript loaded by / and /events/{slug} in Chromium');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const home = await scriptsOf(browser, `${app.base}/`);
    const detail = await scriptsOf(browser, `${app.base}/events/${event.slug}`);
    await browser.close();

    const figures = [
      ['/', home],
      ['/events/{slug}', detail],
    ].map(([path, s]) =>
      figure(`Pages: gzipped JS loaded by ${path}`, round(s.gzipBytes / 1024, 1), 'KB', {
        target: `≤ ${JS_BUDGET_KB} KB`,
        ok: s.gzipBytes <= JS_BUDGET_KB * 1024,
        note: `${s.count} files; largest ${Object.entries(s.files)
          .slice(0, 3)
          .map(
            ([f, b]) =>
              `${f.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${round(b / 1024)} KB`,
          )
          .join(', ')}`,
      }),
    );

    log('pages: Lighthouse (mobile)');
    const urls = [`${app.base}/`, `${app.base}/events/`, `${app.base}/events/${event.slug}`];
    const scores = await lighthouseScores(urls).catch((err) => ({ error: String(err) }));
    if (!scores) {
      figures.push(
        figure('Lighthouse mobile scores', 'not run', '', {
          note: '`lighthouse` is not installed (npm install lighthouse -w bench)',
        }),
      );
    } else if (scores.error) {
      figures.push(
        figure('Lighthouse mobile scores', 'error', '', {
          ok: false,
          note: scores.error.slice(0, 200),
        }),
      );
    } else {
      for (const [url, s] of Object.entries(scores)) {
        const path = new URL(url).pathname.replace(event.slug, '{slug}');
        figures.push(
          figure(
            `Lighthouse ${path} perf / a11y / best practices / SEO`,
            `${s.performance} / ${s.accessibility} / ${s['best-practices']} / ${s.seo}`,
            '',
            {
              target: '≥ 95 each',
              ok: Object.values(s).every((v) => v >= 95),
              note: [
                `median of ${runsOf[url].length} runs (perf ${runsOf[url].join(', ')})`,
                ...Object.entries(details[url]?.metrics ?? {})
                  .filter(([id]) =>
                    ['largest-contentful-paint', 'total-blocking-time'].includes(id),
                  )
                  .map(([id, v]) => `${id === 'total-blocking-time' ? 'TBT' : 'LCP'} ${v}`),
              ].join('; '),
            },
          ),
        );
      }
    }
    return {
      raw: { home, detail, lighthouse: scores, lighthouseRuns: runsOf, lighthouseDetails: details },
      figures,
    };
  } finally {
    await app?.stop();
    await db.drop();
  }
}
