// Shared plumbing of the benchmarks: builds, PostgreSQL databases, server processes, API calls.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const buildDir = path.join(root, 'bench', 'dist');
export const serverEntry = path.join(buildDir, 'server', 'main.js');
export const webDist = path.join(buildDir, 'web');
export const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (...args) => console.error('  ·', ...args);

/**
 * Builds what `npm run build` builds — the server bundle (apps/server/build.mjs's settings)
 * and the web app (vite) — into bench/dist, so a benchmark never races another process
 * that rebuilds apps/*\/dist. BENCH_SKIP_BUILD=1 reuses the last build.
 */
export async function buildAll() {
  if (
    process.env.BENCH_SKIP_BUILD &&
    fs.existsSync(serverEntry) &&
    fs.existsSync(path.join(webDist, 'index.html'))
  )
    return;
  const serverDir = path.join(root, 'apps', 'server');
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  // As apps/server/build.mjs: date-fns is bundled (tree-shaken), every other package external.
  const bundled = ['date-fns', '@date-fns/tz'];
  const external = Object.keys(pkg.dependencies).filter(
    (n) => !n.startsWith('@gatepass/') && !bundled.includes(n),
  );
  const { build } = await import(path.join(root, 'node_modules', 'esbuild', 'lib', 'main.js'));
  // The bundle's bare imports resolve from node_modules next to the root, as dist/ does.
  await build({
    // As apps/server/build.mjs: the ticket renderer's worker (decision 093) beside main.js.
    entryPoints: [
      { in: path.join(serverDir, 'src', 'main.ts'), out: 'main' },
      {
        in: path.join(serverDir, 'src', 'modules', 'tickets', 'tickets.worker.ts'),
        out: 'tickets.worker',
      },
    ],
    outdir: path.dirname(serverEntry),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: [...external, ...external.map((n) => `${n}/*`)],
    logLevel: 'warning',
  });
  const vite = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      webDist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: path.join(root, 'apps', 'web'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (vite.status !== 0) throw new Error('vite build failed');
}

// PostgreSQL -----------------------------------------------------------------------------

/**
 * Name prefix of the benchmark's databases. On a machine shared by several checkouts, give
 * each its own (BENCH_DB_PREFIX=gatepass_bench_mine_) so their runs never touch each other's.
 */
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'gatepass_bench_';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_PREFIX))
  throw new Error('BENCH_DB_PREFIX: lower-case letters, digits, _');

export async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one benchmark; `drop()` removes it (connections first). */
export async function createDatabase(label) {
  const name = `${DB_PREFIX}${label}_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    name,
    url: url.toString(),
    pool,
    query: (text, params) => pool.query(text, params),
    async drop() {
      await pool.end();
      await withAdmin(async (c) => {
        await c.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
      });
    },
  };
}

/**
 * Lets PostgreSQL finish what the last benchmark left it (the flash sale writes 20,000
 * orders: their checkpoint would otherwise run during the next benchmark and take its
 * CPU), then waits for the machine's load to fall back or `maxMs` to pass.
 */
export async function settle({ maxMs = 30_000, load = 1.5 } = {}) {
  await withAdmin((c) => c.query('CHECKPOINT'));
  const until = Date.now() + maxMs;
  while (Date.now() < until && os.loadavg()[0] > load) await sleep(2_000);
}

/**
 * Drops databases a crashed earlier run left behind: those nobody is connected to. A
 * database with connections belongs to a run in progress (another checkout's, on a shared
 * machine) and is left alone — dropping it made that run fail half-way.
 */
export async function sweepDatabases() {
  await withAdmin(async (c) => {
    const { rows } = await c.query(
      `SELECT datname FROM pg_database d WHERE starts_with(datname, $1)
         AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)`,
      [DB_PREFIX],
    );
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname}`);
  });
}

// Processes ----------------------------------------------------------------------------

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Kills `child` (e.g. a load balancer the benchmark started) if this process exits first. */
export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Starts `node <entry>` with `env` and waits until `readyPath` answers 2xx. Answers
 * { base, child, stop(), startedMs } where startedMs is spawn → first 2xx.
 */
export async function startProcess(
  name,
  entry,
  env,
  { readyPath = '/api/v1/health', timeoutMs = 120_000, args = [] } = {},
) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...args, entry], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (c) => (output = (output + c).slice(-20_000)));
  child.stderr.on('data', (c) => (output = (output + c).slice(-20_000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const res = await fetch(`${base}${readyPath}`).catch(() => undefined);
    if (res?.ok) {
      await res.arrayBuffer();
      break;
    }
    if (Date.now() > deadline) throw new Error(`${name} not ready in ${timeoutMs} ms:\n${output}`);
    await sleep(20);
  }
  const startedMs = performance.now() - started;
  return {
    name,
    base,
    child,
    startedMs,
    output: () => output,
    async stop() {
      // A process killed by a signal keeps exitCode null: signalCode says it is gone.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      children.delete(child);
    },
  };
}

/** The app as `npm start` runs it (the bundle), on the given database. */
export function startApp(name, databaseUrl, extraEnv = {}, options = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-bench-'));
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app processes.
  const args = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_APP_ENV="DATABASE_POOL_SIZE=20 TICKET_RENDER_THREADS=0" sets the app processes'
  // settings for a run (a bench's own settings for a scenario still win).
  const appEnv = Object.fromEntries(
    (process.env.BENCH_APP_ENV ?? '')
      .split(' ')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  return startProcess(
    name,
    serverEntry,
    {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: 'http://gatepass.bench',
      LOG_LEVEL: 'warn',
      ...appEnv,
      ...extraEnv,
    },
    { ...options, args: [...args, ...(options.args ?? [])] },
  );
}

// API -------------------------------------------------------------------------------------

export async function api(base, method, url, { body, token, headers = {} } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, text, headers: res.headers };
}

/** An organiser signed up, verified (code read from mail_outbox) and logged in through the API. */
export async function givenOrganiser(base, db) {
  const tag = randomBytes(3).toString('hex');
  const phone = `0809${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const input = {
    fullName: 'Bench Organiser',
    email: `bench.${tag}@example.com`,
    phoneNumber: phone,
    password: `pw-${tag}-long-enough`,
  };
  const signup = await api(base, 'POST', '/api/v1/auth/user/signup', { body: input });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${signup.text}`);
  const { rows } = await db.query(
    "SELECT text_body FROM mail_outbox WHERE to_address = $1 AND kind = 'verify-email' ORDER BY created_at DESC LIMIT 1",
    [input.email],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.text_body ?? '')?.[1];
  const verify = await api(base, 'POST', '/api/v1/auth/user/verify-email', {
    body: { email: input.email, code },
  });
  if (verify.status !== 200) throw new Error(`verify: ${verify.status} ${verify.text}`);
  const login = await api(base, 'POST', '/api/v1/auth/user/login', {
    body: { phoneNumber: phone, password: input.password },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  return { id: signup.body.user.id, token: login.body.token, email: input.email };
}

/** A published event with the given ticket types, made through the organiser API. */
export async function givenEvent(
  base,
  token,
  { title = 'Bench Night', tickets = [{ name: 'Free', price: 0, capacity: 100 }] } = {},
) {
  const start = new Date(Date.now() + 30 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const created = await api(base, 'POST', '/api/v1/events/manage', {
    token,
    body: {
      title,
      summary: 'A night of music for the benchmark.',
      description: '## Line-up\n\n- The Lagos Trio',
      category: 'Music',
      venueName: 'Terra Kulture',
      address: '1376 Tiamiyu Savage Street, Victoria Island',
      city: 'Lagos',
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    },
  });
  if (created.status !== 201) throw new Error(`create event: ${created.status} ${created.text}`);
  const event = created.body.data;
  const types = [];
  for (const ticket of tickets) {
    const res = await api(base, 'POST', `/api/v1/events/manage/${event.id}/ticket-types`, {
      token,
      body: ticket,
    });
    if (res.status !== 201) throw new Error(`ticket type: ${res.status} ${res.text}`);
    types.push(res.body.data);
  }
  const published = await api(base, 'POST', `/api/v1/events/manage/${event.id}/publish`, { token });
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${published.text}`);
  return { id: event.id, slug: published.body.data.slug ?? event.slug, types };
}

export const sha256 = (s) => createHash('sha256').update(s).digest('hex');

// Figures --------------------------------------------------------------------------------

/** One printed line: what, the measured value, its target and the limit it is held against. */
export function figure(name, value, unit, { target, limit, ok, note } = {}) {
  return {
    name,
    value,
    unit,
    target: target ?? '',
    limit: limit ?? '',
    ok: ok ?? null,
    note: note ?? '',
  };
}

export const round = (n, digits = 0) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    memoryGb: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    postgres: spawnSync('psql', ['--version'], { encoding: 'utf8' }).stdout.trim(),
    loadAverage: os.loadavg().map((l) => round(l, 1)),
  };
}
