// 2. Read path: the public events list and an event's detail at 100 connections, each as a
// ratio to a bare Fastify hello-world started by this same script.
import fs from 'node:fs';
import path from 'node:path';
import {
  createDatabase,
  figure,
  givenEvent,
  givenOrganiser,
  log,
  root,
  round,
  startApp,
  startProcess,
} from './lib/common.mjs';
import { load } from './lib/load.mjs';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);
const EVENTS = 30;
/** What Chromium sends with every request: the public pages' readers are browsers. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** CPU time (user + system, ms) a process has used, from /proc (Linux); undefined elsewhere. */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

/**
 * Throughput, and the server's CPU per answer: the load generator shares the machine's
 * cores, so requests a second move with what it costs; the server's own CPU time per
 * answer does much less from run to run.
 */
async function measure(url, pid, headers = {}) {
  await load({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm-up
  const before = cpuMsOf(pid);
  const { result, statuses } = await load({
    url,
    headers,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const after = cpuMsOf(pid);
  const ok = statuses[200]?.count ?? 0;
  const bytes = Math.round(result.throughput.total / Math.max(1, result.requests.total));
  return {
    rps: ok / (result.duration || SECONDS),
    p99: result.latency.p99,
    p50: result.latency.p50,
    non200: result.non2xx + result.errors,
    bytes,
    cpuUsPerAnswer:
      before === undefined || after === undefined || result.requests.total === 0
        ? undefined
        : round(((after - before) * 1000) / result.requests.total, 1),
  };
}

export async function readPath() {
  const db = await createDatabase('read');
  const procs = [];
  try {
    log('read path: one app process on PostgreSQL, bare Fastify beside it');
    const app = await startApp('app', db.url);
    procs.push(app);
    const organiser = await givenOrganiser(app.base, db);
    let slug;
    for (let i = 0; i < EVENTS; i++) {
      const event = await givenEvent(app.base, organiser.token, {
        title: `Read Path Night ${i + 1}`,
        tickets: [
          { name: 'Regular', price: 5000, capacity: 500 },
          { name: 'VIP', price: 25000, capacity: 50 },
        ],
      });
      slug ??= event.slug;
    }
    const hello = await startProcess('hello', path.join(root, 'bench', 'hello.mjs'), {});
    procs.push(hello);

    const h = await measure(`${hello.base}/`, hello.child.pid);
    const list = await measure(`${app.base}/api/v1/events`, app.child.pid);
    const detail = await measure(`${app.base}/api/v1/events/${slug}`, app.child.pid);
    // The same reads as a browser asks for them: the cache answers its stored br copy.
    const listBrowser = await measure(`${app.base}/api/v1/events`, app.child.pid, BROWSER);
    const detailBrowser = await measure(
      `${app.base}/api/v1/events/${slug}`,
      app.child.pid,
      BROWSER,
    );
    // Bare Fastify answering as many bytes as the list: what the payload alone costs.
    const sameSize = await measure(`${hello.base}/same-size/${list.bytes}`, hello.child.pid);
    const cpu = (m) =>
      m.cpuUsPerAnswer === undefined ? '' : `; server CPU ${m.cpuUsPerAnswer} µs an answer`;
    const row = (label, m) => [
      figure(`Read path: ${label} throughput`, round(m.rps), 'req/s', {
        // Issue 23 §4: ≥ 80 % of Fastify's hello-world on the same machine.
        target: '≥ 80 % of hello-world',
        limit: `${round(h.rps)} (hello-world)`,
        ok: m.rps >= 0.8 * h.rps && m.non200 === 0,
        note: `${round((m.rps / h.rps) * 100)} % of hello-world; ~${round(m.bytes / 1024, 1)} KB per answer${cpu(m)}${m.non200 ? `; ${m.non200} non-200` : ''}`,
      }),
      figure(`Read path: ${label} p99 latency`, m.p99, 'ms', {
        limit: `${h.p99} ms (hello-world)`,
        note: `hello-world's p99 is ${round((h.p99 / m.p99) * 100)} % of it`,
      }),
    ];
    return {
      raw: {
        hello: h,
        list,
        detail,
        listBrowser,
        detailBrowser,
        sameSize,
        connections: CONNECTIONS,
        seconds: SECONDS,
      },
      figures: [
        ...row('/api/v1/events list', list),
        ...row('/api/v1/events/{slug} detail', detail),
        ...row('/api/v1/events list, asked as a browser asks (br)', listBrowser),
        ...row('/api/v1/events/{slug} detail, asked as a browser asks (br)', detailBrowser),
        figure('Read path: bare Fastify sending the list’s bytes', round(sameSize.rps), 'req/s', {
          note: `${round((sameSize.rps / h.rps) * 100)} % of hello-world: what the payload size alone allows${cpu(sameSize)}`,
        }),
        ...(h.cpuUsPerAnswer === undefined
          ? []
          : [
              figure('Read path: hello-world’s server CPU an answer', h.cpuUsPerAnswer, 'µs', {
                note: `list ${round((h.cpuUsPerAnswer / list.cpuUsPerAnswer) * 100)} %, detail ${round((h.cpuUsPerAnswer / detail.cpuUsPerAnswer) * 100)} % of hello-world's speed by CPU; the list's bytes from bare Fastify ${round((h.cpuUsPerAnswer / sameSize.cpuUsPerAnswer) * 100)} %`,
              }),
            ]),
      ],
    };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await db.drop();
  }
}
