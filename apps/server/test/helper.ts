import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../src/db/database.ts';
import { findMailsTo } from '../src/modules/mail/mail.repository.ts';
import type { MailRow } from '../src/modules/mail/mail.table.ts';
import { loggerOptions } from '../src/plugins/logger.ts';
import { dropDatabase } from './postgres.ts';

/** Which engine this vitest project tests on: set per project in vitest.config.ts. */
export const testEngine: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A URL other processes can open (PostgreSQL only: PGlite allows one process). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: an in-memory PGlite, or a new PostgreSQL database named after
 * this run's (made by postgres-global-setup.ts, which also sweeps up any left behind).
 * A database rather than a schema: Kysely's migrator looks for its lock table in every
 * schema, so a second schema in one database would find the first one's and fail.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const runUrl = inject('postgresRunUrl');
  if (!runUrl)
    throw new Error('TEST_DB=postgres needs test/postgres-global-setup.ts as globalSetup');
  const runName = new URL(runUrl).pathname.slice(1);
  const name = `${runName}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    handle,
    url: url.toString(),
    async drop() {
      try {
        await handle.close();
        await dropDatabase(admin, name);
      } finally {
        await admin.end();
      }
    },
  };
}

export interface TestAppOptions {
  /** Keep every log line (JSON) in `logs`; the logger is silent otherwise. */
  captureLogs?: boolean;
  logLevel?: Config['logLevel'];
  /** The app's clock (publishing, date filters, promos, finances): tests pin an instant. */
  now?: () => Date;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Parsed JSON; undefined for an empty or non-JSON answer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  body: any;
  text: string;
}

export interface RequestOptions {
  /** Sent as JSON unless `payload` is given. */
  body?: unknown;
  /** Raw payload, sent as is (for malformed JSON and odd content types). */
  payload?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  /** The client address the server sees (per-IP rate limits). */
  ip?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  database: TestDatabase;
  /** Captured log lines when started with `captureLogs`. */
  logs: string[];
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: RequestOptions,
  ): Promise<Reply>;
  post(url: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<Reply>;
  /** Mails written to the outbox for this address, newest first. */
  mailsTo(email: string): Promise<MailRow[]>;
  latestMailTo(email: string, kind?: string): Promise<MailRow>;
  /** The 6-digit code of the latest verification mail to this address. */
  latestCodeFor(email: string): Promise<string>;
  /** The token of the latest password reset link mailed to this address. */
  latestResetTokenFor(email: string): Promise<string>;
  count(
    table: 'users' | 'sessions' | 'email_verifications' | 'password_resets' | 'mail_outbox',
  ): Promise<number>;
  close(): Promise<void>;
}

export const API = '/api/v1';
export const AUTH = `${API}/auth/user`;

/**
 * The configuration tests start from: the real defaults, silent, no mail server, no Redis,
 * and the TEST payment provider on (the suites pay through it), ticket files rendered
 * in-thread. A test about test mode being off passes `{ paymentsTestMode: false }`.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    PAYMENTS_TEST_MODE: 'true',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://gatepass.test',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'gatepass-no-web-build'),
    MAIL_RETRY_INTERVAL_MS: '60000',
    // The pre-queue's proof of work, small: tests solve it in a few milliseconds.
    WAITING_ROOM_POW_WORK: '200',
    // Ticket files in the test's own thread: a worker thread per test app would load
    // pdfkit, fonts and the shared package again, natively, in every file that mails a
    // ticket. The pool is tested where it matters: tickets.test.ts ("on worker threads"),
    // paid-statements.test.ts, the crash suite's built server and e2e (the default, 1).
    TICKET_RENDER_THREADS: '0',
  });
  return { ...base, ...overrides };
}

/**
 * Builds the whole app, as main.ts does, on a fresh migrated database. Call once per test
 * file (in beforeAll) and close in afterAll; HTTP goes through `app.inject`.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-test-'));
  const config = testConfig({ dataDir, ...overrides });
  const logs: string[] = [];
  const level = options.logLevel ?? (options.captureLogs ? 'info' : 'silent');
  const logger = {
    ...(loggerOptions(level) as Exclude<FastifyServerOptions['logger'], boolean | undefined>),
    stream: { write: (line: string) => void logs.push(line) },
  };
  const database = await createTestDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      database: database.handle,
      logger,
      ...(options.now ? { now: options.now } : {}),
    });
    await app.ready();
  } catch (err) {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const db = database.handle.db;

  const request: TestApp['request'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`;
    let payload: string | Buffer | undefined = o.payload;
    if (payload === undefined && o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(o.ip ? { remoteAddress: o.ip } : {}),
    });
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body, text: res.body };
  };

  const mailsTo = (email: string) => findMailsTo(db, email);
  const latestMailTo = async (email: string, kind?: string) => {
    const mails = (await mailsTo(email)).filter((m) => !kind || m.kind === kind);
    const mail = mails[0];
    if (!mail) throw new Error(`no ${kind ?? ''} mail to ${email} in mail_outbox`);
    return mail;
  };

  return {
    app,
    db,
    config,
    database,
    logs,
    request,
    post: (url, body, o) => request('POST', url, { ...o, body }),
    mailsTo,
    latestMailTo,
    latestCodeFor: async (email) =>
      codeFromText((await latestMailTo(email, 'verify-email')).text_body),
    latestResetTokenFor: async (email) =>
      resetTokenFromText((await latestMailTo(email, 'password-reset')).text_body),
    async count(table) {
      const row = await db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },
    async close() {
      try {
        await app.close();
      } finally {
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The 6-digit verification code in a mail's text. */
export function codeFromText(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail:\n${text}`);
  return match[1];
}

/** The reset link (`…/reset-password?token=…`) in a mail's text. */
export function resetLinkFromText(text: string): string {
  const match = /https?:\/\/\S+\/reset-password\?token=[^\s"<]+/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return match[0];
}

export function resetTokenFromText(text: string): string {
  const token = new URL(resetLinkFromText(text)).searchParams.get('token');
  if (!token) throw new Error(`reset link without a token:\n${text}`);
  return token;
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * REDIS_URL of the test run, when set: suites that can run on Redis (the waiting room's
 * queue) do so then, and on PostgreSQL (or PGlite) otherwise.
 */
export const testRedisUrl: string | undefined = process.env.REDIS_URL || undefined;
