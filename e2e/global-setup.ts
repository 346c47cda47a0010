import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ENV } from './support/env.ts';
import { freePort } from './support/own-server.ts';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture.ts';

/**
 * Starts, once per run, what the browser tests talk to: an SMTP capture server, a fresh
 * PostgreSQL database and the BUILT Gatepass server (apps/server/dist serving
 * apps/web/dist), exactly as `npm start` would run it. Returns the teardown that stops
 * them all and drops the database.
 *
 * The PostgreSQL server is E2E_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * If it cannot be reached, the run falls back to embedded PGlite in a temporary DATA_DIR.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
// E2E_WEB_DIST_DIR points the server at another build of the web app (default apps/web/dist).
const webDistDir = path.resolve(repoRoot, process.env.E2E_WEB_DIST_DIR ?? 'apps/web/dist');
const webIndex = path.join(webDistDir, 'index.html');

interface Database {
  env: Record<string, string>;
  describe: string;
  drop(): Promise<void>;
}

async function createDatabase(workDir: string): Promise<Database> {
  const adminUrl = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gatepass_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (err) {
    await admin.end().catch(() => {});
    const dataDir = path.join(workDir, 'data');
    console.warn(
      `[e2e] PostgreSQL at ${adminUrl} is not usable (${(err as Error).message}); using PGlite in ${dataDir}`,
    );
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      describe: `PGlite in ${dataDir}`,
      drop: async () => {},
    };
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: path.join(workDir, 'data') },
    describe: `PostgreSQL database ${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
      await client.connect();
      try {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The Gatepass server exited (${child.exitCode ?? child.signalCode}) before it was healthy. Last log lines (${logFile}):\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}: ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `GET ${baseUrl}/api/v1/health did not answer 200 within 60 s (last: ${last}). Log (${logFile}):\n${tail(logFile)}`,
  );
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const missing = [serverEntry, webIndex].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The end-to-end tests run the built app, but ${missing.map((f) => path.relative(repoRoot, f)).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. Run \`npm run build\` first (npm test does it).`,
    );
  }
  const [major] = process.versions.node.split('.').map(Number);
  if ((major ?? 0) < 22) {
    throw new Error(
      `Node ${process.versions.node} runs the tests; Gatepass needs Node 24 (put node_modules/.bin on PATH or use npm run test:e2e).`,
    );
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  fs.mkdirSync(mailDir);
  const logFile = path.join(workDir, 'server.log');

  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((err: unknown) => console.error('[e2e] teardown step failed:', err));
    }
    cleanups.length = 0;
    if (!process.env.E2E_KEEP_TMP) fs.rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const smtp: SmtpCapture = await startSmtpCapture(mailDir);
    cleanups.push(() => smtp.close());

    const database = await createDatabase(workDir);
    cleanups.push(() => database.drop());

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const log = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...database.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Gatepass E2E <no-reply@gatepass.test>',
        MAIL_RETRY_INTERVAL_MS: '200',
        // The suites pay through the TEST provider, and test-mode.spec.ts checks its banner.
        PAYMENTS_TEST_MODE: 'true',
        // A waiting-list offer holds its tickets this long, so waiting-list-and-transfer.spec.ts
        // sees one expire (the default is 12 hours).
        WAITLIST_OFFER_SECONDS: '40',
        // webhooks.spec.ts: its receiver listens on 127.0.0.1 (refused without this test-only
        // switch), and a delivery answered 500 twice is retried within seconds.
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_RETRY_SECONDS: '1,1',
        // Rate limits stay in this process's memory: a run never shares counters with another.
        REDIS_URL: '',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        WEB_DIST_DIR: webDistDir,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    cleanups.push(() => stopServer(child));
    await waitForHealth(baseUrl, child, logFile);

    process.env[ENV.baseUrl] = baseUrl;
    process.env[ENV.mailDir] = mailDir;
    if (!process.env.CI)
      console.log(`[e2e] Gatepass at ${baseUrl} on ${database.describe}; log ${logFile}`);
    return teardown;
  } catch (err) {
    await teardown();
    throw err;
  }
}
