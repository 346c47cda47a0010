// 8. Scale-out (issue 14 §4): three app processes behind HAProxy (installed from Debian's
// packages if missing) on one PostgreSQL and one Redis, the event's waiting room on, a paid
// rush through the balancer — and `kill -9` of one app process mid-rush. Checks: no ticket
// sold twice, no confirmed order lost, the queue's order kept; and how many requests failed
// during the kill, for how long, and how soon the balancer's health check took it out.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import {
  api,
  createDatabase,
  figure,
  freePort,
  givenEvent,
  givenOrganiser,
  log,
  round,
  sleep,
  startApp,
  track,
} from './lib/common.mjs';
import {
  addressOf,
  httpClient,
  notCompleted,
  orderBody,
  paidCheckout,
  paidSteps,
  saleState,
} from './lib/buyers.mjs';
import { kendallTau } from './lib/load.mjs';

const CAPACITY = Number(process.env.BENCH_SCALEOUT_CAPACITY ?? 3_000);
/** More visitors than tickets, so the sale ends sold out with people still queueing. */
const VISITORS = Math.ceil(CAPACITY * 1.1);
/** Admissions a minute: 50 a second, about what three processes confirm on this machine. */
const RATE = Number(process.env.BENCH_SCALEOUT_RATE ?? 3_000);
/** Share of the visitors who join before the on-sale time (the drawn pre-queue). */
const PRE_SHARE = 0.6;
/** Kill one app process once this share of the visitors has been admitted. */
const KILL_AT = 0.4;
const HOLD_SECONDS = 60;
const SWEEP_MS = 1_000;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Paths of the HAProxy health check, as an operator would configure it. */
const HEALTH = '/api/v1/health';

/** HAProxy from Debian's packages: installed if missing (apt-get update first if needed). */
function ensureHaproxy() {
  const has = () => spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0;
  if (has()) return { installed: false };
  log('scale-out: installing HAProxy (apt-get install -y haproxy)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], {
      env,
      encoding: 'utf8',
    });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { env, stdio: 'ignore' });
    const again = install();
    if (again.status !== 0) throw new Error(`apt-get install haproxy failed:\n${again.stderr}`);
  }
  // The package may start its own service (an empty default configuration); this benchmark
  // runs its own instance and leaves no other running.
  spawnSync('service', ['haproxy', 'stop'], { stdio: 'ignore' });
  if (!has()) throw new Error('haproxy not found after installing it');
  return { installed: true };
}

/** HAProxy in the foreground on `port`, round robin over `servers`, checking HEALTH. */
async function startHaproxy(port, servers) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-haproxy-'));
  const config = `global
  maxconn 8000
  log stderr format raw local0 info

defaults
  mode http
  log global
  option dontlog-normal
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 60s
  # Only a request that never reached a server is tried again, on another one: a POST a
  # dead server may have acted on is never sent twice.
  retries 2
  option redispatch

frontend gatepass
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend apps

backend apps
  balance roundrobin
  option httpchk GET ${HEALTH}
  http-check expect status 200
  # Checked every 500 ms (250 ms while changing state); out after 2 failed checks: a killed
  # process refuses the check's connection at once. A check waits up to 5 s: a busy server
  # answers its check late, and shorter waits took all three out together under load (the
  # first run, checks timing out at 500 ms). So did marking servers down on live
  # connection errors (observe layer4), in the second: refused connections of a live but
  # saturated server counted as errors. Each server takes at most 100 requests at once;
  # HAProxy queues the rest (up to 30 s) instead of piling connections onto Node.
  timeout check 5s
  timeout queue 30s
  default-server inter 500 fastinter 250 downinter 1000 rise 2 fall 2 maxconn 100
${servers.map((s) => `  server ${s.name} ${new URL(s.base).host} check`).join('\n')}
`;
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  const child = track(spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] }));
  const events = [];
  let output = '';
  const onData = (chunk) => {
    output = (output + chunk).slice(-20_000);
    for (const line of String(chunk).split('\n'))
      if (/Server apps\/\w+ is (DOWN|UP)/.test(line)) events.push({ at: performance.now(), line });
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
    const res = await fetch(`${base}${HEALTH}`).catch(() => undefined);
    if (res?.ok) break;
    if (Date.now() > deadline) throw new Error(`haproxy not ready:\n${output}`);
    await sleep(100);
  }
  return {
    base,
    events,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** admitted = base + ⌊rate × (now − max(at, onSale))⌋ (decision 034), from the room row. */
function admittedAt(room, ms) {
  if (ms < room.on_sale_at.getTime()) return 0;
  if (room.paused) return Number(room.clock_base);
  const from = Math.max(room.clock_at.getTime(), room.on_sale_at.getTime());
  return (
    Number(room.clock_base) + Math.floor((room.rate_per_minute * Math.max(0, ms - from)) / 60_000)
  );
}

export async function scaleOut() {
  const haproxy = ensureHaproxy();
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const db = await createDatabase('scaleout');
  const apps = [];
  let balancer;
  let roomId;
  let eventId;
  const client = httpClient({ maxSockets: 4_000 });
  try {
    log(`scale-out: three app processes on PostgreSQL and Redis (${REDIS_URL}), HAProxy`);
    const env = {
      REDIS_URL,
      // Each virtual buyer writes its address as a CDN in front of HAProxy would, and HAProxy
      // appends its own peer's: two proxy hops (decision 056).
      TRUST_PROXY: '2',
      PAYMENTS_TEST_MODE: 'true',
      ORDER_HOLD_SECONDS: String(HOLD_SECONDS),
      HOLD_SWEEP_INTERVAL_MS: String(SWEEP_MS),
      // The pre-queue's proof of work at a low test difficulty (decision 055).
      WAITING_ROOM_POW_WORK: process.env.BENCH_POW_WORK ?? '100',
    };
    // One at a time: the first migrates, the others find the schema made.
    for (const name of ['a', 'b', 'c']) apps.push(await startApp(name, db.url, env));
    balancer = await startHaproxy(await freePort(), apps);
    const lb = balancer.base;

    const organiser = await givenOrganiser(lb, db);
    const event = await givenEvent(lb, organiser.token, {
      title: 'Scale-out Night',
      tickets: [{ name: 'Regular', price: 5_000, capacity: CAPACITY, maxPerOrder: 10 }],
    });
    eventId = event.id;
    const setRoom = async (onSaleAt) => {
      const put = await api(lb, 'PUT', `/api/v1/events/manage/${event.id}/waiting-room`, {
        token: organiser.token,
        body: {
          enabled: true,
          onSaleAt: new Date(onSaleAt).toISOString(),
          ratePerMinute: RATE,
          // Every visitor here comes from one address (decision 054): the count still runs.
          placesPerAddressPerMinute: 100_000,
        },
      });
      if (put.status !== 200) throw new Error(`waiting room: ${put.status} ${put.text}`);
    };
    await setRoom(Date.now() + 3_600_000);
    roomId = (await db.query('SELECT room_id FROM waiting_rooms WHERE event_id = $1', [event.id]))
      .rows[0].room_id;

    // Every failed attempt (no answer, or the balancer's 5xx), when, and on what.
    const failures = [];
    const passCookieName = `gp_wrp_${event.id.replaceAll('-', '')}`;
    /**
     * The browser's side: a request that got no answer (or a 502/503 from the balancer) is
     * tried again after 300 ms, as the web app's retry and a reload do — except the order
     * itself (POST /orders), which a dead server may have made: that buyer starts over.
     */
    const request = async (base, method, url, opts = {}) => {
      for (let attempt = 0; ; attempt++) {
        const res = await client.request(base, method, url, opts);
        const failed = res.status === 'error' || res.status === 502 || res.status === 503;
        if (!failed) {
          // A TEST payment answered 409 on a retry may have been taken by the first try.
          if (attempt > 0 && res.status === 409 && url.endsWith('/test-payment')) {
            const order = await client.request(base, 'GET', url.replace('/test-payment', ''), {
              headers: opts.headers,
            });
            if (order.status === 200 && order.body.data.status === 'completed') return order;
          }
          return res;
        }
        failures.push({ at: res.at, status: res.status, error: res.error, method, url });
        if (attempt >= 3 || (method === 'POST' && url === '/api/v1/orders')) return res;
        await sleep(300);
      }
    };

    const offset = randomInt(0, 8_000_000); // buyers of this run are new to Redis's limits
    const visitors = Array.from({ length: VISITORS }, (_, i) => ({
      i,
      cookie: null,
      pollFailures: 0,
    }));
    const join = async (v) => {
      const res = await request(lb, 'GET', `/api/v1/waiting-room/${event.slug}/status`);
      v.cookie = /gp_wr=([\w.-]+)/.exec(res.setCookie?.join(';') ?? '')?.[1] ?? null;
      v.joinStatus = res.status;
      // Before the on-sale time: solve the check and join (decision 055).
      if (res.status === 200 && res.body?.data?.state === 'check') {
        const { challenge } = res.body.data;
        const solution = await solveChallenge({ challenge, deriveKey });
        const joined = await request(lb, 'POST', `/api/v1/waiting-room/${event.slug}/join`, {
          body: { proof: { challenge, solution } },
          headers: { cookie: `gp_wr=${v.cookie}` },
        });
        v.joinStatus = joined.status;
      }
    };
    const inBatches = async (list, size, fn) => {
      for (let k = 0; k < list.length; k += size)
        await Promise.all(list.slice(k, k + size).map(fn));
    };
    const preCount = Math.round(VISITORS * PRE_SHARE);
    log(`scale-out: ${preCount} visitors join the pre-queue, through the balancer`);
    await inBatches(visitors.slice(0, preCount), 200, join);
    await setRoom(Date.now());
    log(`scale-out: on sale; ${VISITORS - preCount} more arrive, first come first served`);
    // Later arrivals one small batch after another, so their order of arrival is known.
    await inBatches(visitors.slice(preCount), 20, join);

    // Everyone polls the queue (as the queue page does, at its estimate) and buys when admitted.
    const steps = paidSteps();
    const results = [];
    let soldOut = false;
    let killedAt = null;
    let confirmedCount = 0;
    let admittedCount = 0;
    const t0 = performance.now();
    const victim = apps[2];
    const behaviour = (n) => (n % 100 < 4 ? 'abandon' : 'pay');
    log(
      `scale-out: ${VISITORS} visitors, ${CAPACITY} tickets, kill -9 of ${victim.name} once ${KILL_AT * 100} % are admitted`,
    );
    await Promise.all(
      visitors.map(async (v) => {
        if (!v.cookie) return;
        for (;;) {
          if (soldOut) return;
          const res = await request(lb, 'GET', `/api/v1/waiting-room/${event.slug}/status`, {
            headers: { cookie: `gp_wr=${v.cookie}` },
          });
          const status = res.body?.data;
          v.lastState = res.status === 200 ? status.state : res.status;
          if (res.status === 200 && status.state === 'admitted') {
            v.admittedSeenAt = res.at;
            v.pass = new RegExp(`${passCookieName}=([^;]+)`).exec(res.setCookie.join(';'))?.[1];
            if (++admittedCount >= VISITORS * KILL_AT && !killedAt) {
              killedAt = performance.now();
              log(
                `scale-out: kill -9 ${victim.name} (pid ${victim.child.pid}), ${confirmedCount} confirmed`,
              );
              victim.child.kill('SIGKILL');
            }
            break;
          }
          if (res.status !== 200) {
            // Refused or lost during the kill: the queue page reloads; the cookie keeps the place.
            if (++v.pollFailures > 10) return;
            await sleep(1_000);
            continue;
          }
          const wait = (status.estimateSeconds ?? 2) * 1000 * 0.7;
          await sleep(Math.min(8_000, Math.max(500, wait)) * (0.9 + Math.random() * 0.2));
        }
        const n = offset + v.i;
        const result = await paidCheckout(
          request,
          lb,
          {
            body: orderBody(event, n, 1, 'Scale'),
            address: addressOf(n),
            headers: { cookie: `gp_wr=${v.cookie}; ${passCookieName}=${v.pass}` },
            behaviour: behaviour(v.i),
          },
          steps,
        );
        results.push({ v: v.i, behaviour: behaviour(v.i), ...result });
        if (result.outcome === 'hold' && result.hold.body?.code === 'SOLD_OUT') soldOut = true;
        if (result.outcome === 'confirmed') confirmedCount++;
      }),
    );
    const spanSeconds = (performance.now() - t0) / 1000;
    for (const app of apps.filter((p) => p !== victim))
      if (app.child.exitCode !== null || app.child.signalCode !== null)
        throw new Error(`${app.name} died during the rush:\n${app.output().slice(-3000)}`);
    const outcomes = {};
    for (const v of visitors) {
      const r = results.find((x) => x.v === v.i);
      const k = r
        ? r.outcome
        : v.cookie
          ? `queue:${v.lastState ?? 'none'}`
          : `join:${v.joinStatus}`;
      outcomes[k] = (outcomes[k] ?? 0) + 1;
    }

    // Let every hold end and the sweepers (on the two processes left) release it.
    await sleep(HOLD_SECONDS * 1000 + 3 * SWEEP_MS);
    const state = await saleState(db, event.types[0].id);
    const confirmed = results.filter((r) => r.outcome === 'confirmed');
    const lost = await notCompleted(
      db,
      confirmed.map((r) => r.orderId),
    );
    const failedCheckouts = results.filter(
      (r) =>
        !['confirmed', 'abandoned'].includes(r.outcome) &&
        !(r.outcome === 'hold' && r.hold.body?.code === 'SOLD_OUT'),
    );

    // The queue, as Redis holds it.
    const ranks = new Map(
      Object.entries(await redis.hgetall(`wr:{${roomId}}:rank`)).map(([k, r]) => [k, Number(r)]),
    );
    const admitted = new Map(
      Object.entries(await redis.hgetall(`wr:{${roomId}}:adm`)).map(([k, t]) => [k, Number(t)]),
    );
    const rankValues = [...ranks.values()];
    const ranksExact =
      new Set(rankValues).size === rankValues.length &&
      Math.max(...rankValues) === rankValues.length - 1;
    const room = (await db.query('SELECT * FROM waiting_rooms WHERE room_id = $1', [roomId]))
      .rows[0];
    // Admitted ahead of their turn: a rank the admission clock had not reached when admitted.
    const killedAtEpoch = killedAt ? Date.now() - (performance.now() - killedAt) : Infinity;
    let aheadOfTurn = 0;
    let checkable = 0;
    let afterKill = 0;
    for (const [visitor, at] of admitted) {
      if (at < room.clock_at.getTime()) continue;
      checkable++;
      if (at >= killedAtEpoch) afterKill++;
      if ((ranks.get(visitor) ?? Infinity) >= admittedAt(room, at)) aheadOfTurn++;
    }
    const joined = visitors.filter((v) => v.cookie && ranks.has(v.cookie));
    const pre = joined.filter((v) => v.i < preCount);
    const later = joined.filter((v) => v.i >= preCount);
    const tauPre = kendallTau(
      pre.map((v) => v.i),
      pre.map((v) => ranks.get(v.cookie)),
    );
    // Later arrivals joined in batches of 20 sent together: order within a batch is the
    // balancer's, so arrival is compared batch by batch.
    const tauLater = kendallTau(
      later.map((v) => Math.floor((v.i - preCount) / 20)),
      later.map((v) => ranks.get(v.cookie)),
      { ignoreTies: true },
    );

    // The kill, seen from outside.
    if (!killedAt)
      throw new Error(
        `the kill never came: ${confirmedCount} confirmed; ${JSON.stringify(outcomes)}`,
      );
    const afterKillFailures = failures.filter((f) => f.at >= killedAt);
    const failWindowMs = afterKillFailures.length
      ? Math.max(...afterKillFailures.map((f) => f.at)) - killedAt
      : 0;
    const down = balancer.events.find(
      (e) => killedAt && e.at >= killedAt && e.line.includes(`apps/${victim.name} is DOWN`),
    );
    const detectMs = down ? down.at - killedAt : null;
    const requestsAfterKill = Object.values(steps).reduce((n, s) => n + s.times.length, 0);

    const s = Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, v.summary()]));
    const ms = (x) => `${round(x.p50)} / ${round(x.p99)}`;
    return {
      raw: {
        capacity: CAPACITY,
        visitors: VISITORS,
        rate: RATE,
        haproxy,
        spanSeconds: round(spanSeconds, 1),
        confirmed: confirmed.length,
        outcomes,
        failedCheckouts: failedCheckouts.length,
        failedSamples: failedCheckouts
          .slice(0, 5)
          .map((r) => ({ outcome: r.outcome, status: (r.res ?? r.hold)?.status })),
        state,
        lost: lost.length,
        queue: {
          ranks: ranks.size,
          ranksExact,
          aheadOfTurn,
          checkable,
          afterKill,
          tauPre,
          tauLater,
        },
        kill: {
          failures: afterKillFailures.length,
          failWindowMs: round(failWindowMs),
          detectMs: detectMs === null ? null : round(detectMs),
          byKind: afterKillFailures.reduce((m, f) => {
            const k = `${f.method} ${f.url.replace(/[0-9a-f-]{36}/, '{id}')} ${f.status}${f.error ? ` ${f.error}` : ''}`;
            m[k] = (m[k] ?? 0) + 1;
            return m;
          }, {}),
          balancerEvents: balancer.events.map((e) => ({
            atMs: round(e.at - (killedAt ?? t0)),
            line: e.line.trim().slice(0, 160),
          })),
        },
        steps: s,
      },
      figures: [
        figure(
          `Scale-out: tickets sold twice (3 processes behind HAProxy, ${CAPACITY} tickets)`,
          state.exact ? 0 : 'yes',
          '',
          {
            target: '0',
            ok: state.exact,
            note: `sold ${state.sold} of ${state.capacity}: completed ${state.completed_items}, held ${state.held_items}; codes ${state.distinct_codes}/${state.orders} unique; ${state.orders_with_items_twice} orders with items twice; ${state.pending_past_hold} holds left past their end`,
          },
        ),
        figure('Scale-out: confirmed orders lost', lost.length, '', {
          target: '0',
          ok: lost.length === 0,
          note: `${confirmed.length} confirmed to buyers, all completed in PostgreSQL`,
        }),
        figure('Scale-out: admitted ahead of their turn (after the kill)', aheadOfTurn, '', {
          target: '0',
          ok: aheadOfTurn === 0 && ranksExact && checkable > 0,
          note: `${checkable} admissions checked against the clock (${afterKill} after the kill); ranks 0…${ranks.size - 1} each given once: ${ranksExact ? 'yes' : 'NO'}`,
        }),
        figure('Scale-out: pre-queue Kendall τ (arrival vs place)', round(tauPre, 4), '', {
          target: '|τ| < 0.05',
          ok: Math.abs(tauPre) < 0.05,
          note: `${pre.length} drawn (σ of τ ≈ ${round(Math.sqrt((2 * (2 * pre.length + 5)) / (9 * pre.length * (pre.length - 1))), 3)}: small runs miss by chance); later arrivals τ ${round(tauLater, 4)} (batches of 20)`,
        }),
        figure('Scale-out: requests failed by the kill', afterKillFailures.length, 'requests', {
          note: `over ${round(failWindowMs)} ms after the kill (${failures.length - afterKillFailures.length} before it); each retried after 300 ms, except holds (POST /orders); ${failedCheckouts.length} checkouts failed in all`,
        }),
        figure(
          'Scale-out: HAProxy took the killed process out after',
          detectMs === null ? 'not seen' : round(detectMs),
          'ms',
          {
            note: 'health check GET /api/v1/health every 250–500 ms, fall 2; maxconn 100 a server',
          },
        ),
        figure(
          'Scale-out: hold / pay / confirm p50 / p99',
          `${ms(s.hold)} · ${ms(s.pay)} · ${ms(s.confirm)}`,
          'ms',
          {
            note: `${confirmed.length} confirmed in ${round(spanSeconds, 1)} s; ${requestsAfterKill} step answers`,
          },
        ),
      ],
    };
  } finally {
    client.close();
    await balancer?.stop();
    await Promise.all(apps.map((s) => s.stop()));
    if (roomId) {
      const keys = await redis.keys(`wr:{${roomId}}:*`);
      if (keys.length) await redis.del(...keys);
    }
    // Rate-limit counters of this run's event and buyers' emails (their addresses' and
    // phones' counters cannot be told from others' and expire within the hour).
    for (const pattern of eventId ? [`rl:*${eventId}*`, 'rl:checkout:*scale.buyer.*'] : []) {
      for await (const keys of redis.scanStream({ match: pattern, count: 1000 }))
        if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
    await db.drop();
  }
}
