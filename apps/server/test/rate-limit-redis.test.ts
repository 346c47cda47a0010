import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMailsTo } from '../src/modules/mail/mail.repository.ts';
import { LOGIN_BACKOFF } from '../src/modules/auth/auth.limits.ts';
import { e164, newSignup, uniqueEmail } from './factories.ts';
import {
  AUTH,
  codeFromText,
  createTestDatabase,
  eventually,
  testEngine,
  type TestDatabase,
} from './helper.ts';

/**
 * Two real server processes behind one imaginary load balancer, sharing one PostgreSQL
 * database and one Redis: a limit must hold whichever process a request lands on, and a
 * session made on one must work on the other. PGlite allows one process per database, so
 * this runs in the server-postgres project only.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface ServerProcess {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(
  name: string,
  databaseUrl: string,
  dataDir: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      PUBLIC_URL: 'http://gatepass.test',
      // The tests say which client address each request comes from (X-Forwarded-For),
      // so the per-IP limits are theirs alone even on a Redis other runs share.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const res = await fetch(`${base}/api/v1/health`).catch(() => undefined);
    return res?.ok ? true : undefined;
  }, 45_000);
  return { name, base, child, output: () => output };
}

async function stopServer(server: ServerProcess | undefined): Promise<number | null> {
  if (!server || server.child.exitCode !== null) return server?.child.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) =>
    server.child.once('exit', (code) => resolve(code)),
  );
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

let ipSeed = Math.floor(Math.random() * 250);
/** A client address of our own (10.251.x.y), so per-IP counts never mix with other runs. */
function newIp(): string {
  ipSeed += 1;
  return `10.251.${Math.floor(ipSeed / 250) % 250}.${(ipSeed % 250) + 1}`;
}

async function call(
  server: ServerProcess,
  method: 'GET' | 'POST',
  route: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? newIp() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${server.base}${route}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

describe.runIf(testEngine === 'postgres')(
  'two server processes on one Redis and one database',
  () => {
    let database: TestDatabase;
    let redis: Redis;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let dataDir: string;
    /** Every account and address this file used, so it deletes its own Redis keys and nothing else. */
    const identities = new Set<string>();
    const track = (...ids: string[]) => ids.forEach((id) => identities.add(id));
    const ip = () => {
      const value = newIp();
      track(value);
      return value;
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-redis-test-'));
      // Both start at once, as a rolling deploy would: migrations must not trip over each other.
      [a, b] = await Promise.all([
        startServer('A', database.url!, path.join(dataDir, 'a')),
        startServer('B', database.url!, path.join(dataDir, 'b')),
      ]);
    }, 90_000);

    afterAll(async () => {
      const codes = await Promise.all([stopServer(a), stopServer(b)]);
      try {
        // A clean SIGTERM shutdown exits 0.
        expect(codes).toEqual([0, 0]);
      } finally {
        await deleteOwnKeys();
        redis?.disconnect();
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);

    async function deleteOwnKeys(): Promise<void> {
      if (!redis) return;
      const ours: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', 'rl:*', 'COUNT', 1000);
        cursor = next;
        ours.push(...keys.filter((key) => [...identities].some((id) => key.endsWith(`:${id}`))));
      } while (cursor !== '0');
      if (ours.length) await redis.del(...ours);
    }

    async function signupAndVerify(on: ServerProcess) {
      const input = newSignup();
      track(input.email, e164(input.phoneNumber));
      expect((await call(on, 'POST', `${AUTH}/signup`, { body: input, ip: ip() })).status).toBe(
        201,
      );
      const [mail] = await findMailsTo(database.handle.db, input.email);
      const code = codeFromText(mail!.text_body);
      return { input, code };
    }

    it('accepts on one server a session made on the other, and a logout on either ends it', async () => {
      const { input, code } = await signupAndVerify(a!);
      expect(
        (
          await call(b!, 'POST', `${AUTH}/verify-email`, {
            body: { email: input.email, code },
            ip: ip(),
          })
        ).status,
      ).toBe(200);

      const login = await call(a!, 'POST', `${AUTH}/login`, {
        body: { phoneNumber: input.phoneNumber, password: input.password },
        ip: ip(),
      });
      expect(login.status).toBe(200);
      const token = login.body.token as string;

      const me = await call(b!, 'GET', `${AUTH}/me`, { token });
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe(input.email);

      expect((await call(b!, 'POST', `${AUTH}/logout`, { token })).status).toBe(200);
      expect((await call(a!, 'GET', `${AUTH}/me`, { token })).status).toBe(401);
    });

    it.each([
      ['A', 'B'],
      ['B', 'A'],
    ])(
      'refuses the 6th forgot-password of an account within the hour, alternating from %s, with 429 on either server',
      async (first) => {
        const [s1, s2] = first === 'A' ? [a!, b!] : [b!, a!];
        const email = uniqueEmail('shared-limit');
        track(email);

        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          // A new client address every time: only the per-account count can refuse.
          const res = await call(i % 2 === 0 ? s1 : s2, 'POST', `${AUTH}/forgot-password`, {
            body: { email },
            ip: ip(),
          });
          statuses.push(res.status);
          if (res.status === 429) {
            expect(res.body.code).toBe('RATE_LIMITED');
            expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          }
        }

        // Five answered (three on one server, two on the other), then refused on both servers.
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
        expect(await redis.exists(`rl:forgotPerAccount:${email}`)).toBe(1);
      },
    );

    it('counts failed logins of one address at one account across both servers and blocks that pair on both, not the owner', async () => {
      const { input, code } = await signupAndVerify(b!);
      expect(
        (
          await call(a!, 'POST', `${AUTH}/verify-email`, {
            body: { email: input.email, code },
            ip: ip(),
          })
        ).status,
      ).toBe(200);

      const attacker = ip();
      for (let i = 0; i < LOGIN_BACKOFF.freeFailures; i++) {
        const res = await call(i % 2 === 0 ? a! : b!, 'POST', `${AUTH}/login`, {
          body: { phoneNumber: input.phoneNumber, password: `wrong-${i}` },
          ip: attacker,
        });
        expect(res.status).toBe(401);
      }
      for (const server of [a!, b!]) {
        const res = await call(server, 'POST', `${AUTH}/login`, {
          body: { phoneNumber: input.phoneNumber, password: input.password },
          ip: attacker,
        });
        expect(res.status, server.name).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // The owner, at their own address, is not locked out by it.
      const owner = await call(b!, 'POST', `${AUTH}/login`, {
        body: { phoneNumber: input.phoneNumber, password: input.password },
        ip: ip(),
      });
      expect(owner.status).toBe(200);
    });
  },
);
