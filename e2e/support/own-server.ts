import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port nobody listens on now (the e2e servers and stand-ins each take one). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface OwnServer {
  base: string;
  logFile: string;
  /** Its PostgreSQL database ('' when on PGlite), e.g. for `npm run seed` beside it. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * The built server once more, with `env` on top (e.g. Paystack against a stand-in), on a
 * fresh PostgreSQL database (PGlite in a temporary directory when PostgreSQL is not
 * reachable). Mail goes to the log, where verification codes are read.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-e2e-own-'));
  const adminUrl = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `gatepass_e2e_own_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  try {
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  } catch {
    databaseUrl = '';
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(workDir, 'data'),
      SMTP_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.resolve(repoRoot, process.env.E2E_WEB_DIST_DIR ?? 'apps/web/dist'),
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      const tail = fs.readFileSync(logFile, 'utf8').slice(-3000);
      await stop();
      throw new Error(`the extra server exited: ${tail}`);
    }
    const ok = await fetch(`${base}/api/v1/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the extra server did not become healthy in 90 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, logFile, databaseUrl, stop };
}

/** The latest 6-digit verification code mailed to `email`, read from the server's log. */
export async function codeFromLog(logFile: string, email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const lines = fs.readFileSync(logFile, 'utf8').split('\n');
    const mail = lines.filter((l) => l.includes(email) && /verification code/i.test(l));
    const code = mail.length ? /\b(\d{6})\b/.exec(mail.at(-1)!)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification code for ${email} in the log`);
}
