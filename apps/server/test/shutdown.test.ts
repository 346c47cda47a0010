import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { STOP_GRACE_MS } from '../src/modules/mail/mail.service.ts';
import { createTestDatabase, eventually, testEngine } from './helper.ts';
import { buildServer, startServerProcess, stopServerProcess } from './server-process.ts';
import { startSmtpServer } from './smtp.ts';

/**
 * Graceful shutdown with a full outbox: a real server process (bundled as build.mjs does)
 * with 2,000 mails queued gets SIGTERM while it sends. It must exit 0 within a couple of
 * seconds, and every mail it did not send must still be in the outbox, due at once for the
 * next start (not leased to the process that is gone, not counted as a failed attempt).
 */
const QUEUED = 2_000;
/**
 * SIGTERM to exit: the mail grace, plus closing HTTP and the database, on a busy machine.
 * PGlite's close (it writes its files out) took 2.8–3.4 s after the grace with the whole
 * suite running on two cores (2026-11-25), so 2 s was too tight; 5 s still stops well
 * inside a process manager's usual 10 s before it kills.
 */
const EXIT_WITHIN_MS = STOP_GRACE_MS + 5_000;

interface Outbox {
  env: Record<string, string>;
  /** Runs `read` on the database (the server must have exited when PGlite is used). */
  inspect<T>(read: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** A migrated database, on this project's engine, with QUEUED mails due now. */
async function outboxWithQueuedMail(): Promise<Outbox> {
  const fill = async (db: Db) => {
    await migrateToLatest(db);
    await db
      .insertInto('mail_outbox')
      .values(
        Array.from({ length: QUEUED }, (_, i) => ({
          kind: 'shutdown-test',
          to_address: `buyer${i}@example.com`,
          subject: `Queued mail ${i}`,
          text_body: `Mail number ${i}.`,
          html_body: null,
          attachments: null,
          context: null,
          last_error: null,
          sent_at: null,
        })),
      )
      .execute();
  };
  if (testEngine === 'postgres') {
    const database = await createTestDatabase();
    await fill(database.handle.db);
    return {
      env: { DATABASE_URL: database.url! },
      inspect: (read) => read(database.handle.db),
      drop: () => database.drop(),
    };
  }
  // PGlite: one process at a time, so the test opens the directory only while no server runs.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-shutdown-'));
  const open = async <T>(use: (db: Db) => Promise<T>) => {
    const handle = await openDatabase({ dataDir });
    try {
      return await use(handle.db);
    } finally {
      await handle.close();
    }
  };
  await open(fill);
  return {
    env: { DATA_DIR: dataDir },
    inspect: open,
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

interface OutboxState {
  pending: number;
  sent: number;
  /** Pending mail whose next attempt lies ahead: leased, or pushed back as a failure. */
  waiting: number;
  attempts: number;
}

const outboxState = (db: Db): Promise<OutboxState> =>
  sql<OutboxState>`
    select count(*) filter (where status = 'pending')::int as pending,
           count(*) filter (where status = 'sent')::int as sent,
           count(*) filter (where status = 'pending' and next_attempt_at > now())::int as waiting,
           coalesce(sum(attempts), 0)::int as attempts
      from mail_outbox`
    .execute(db)
    .then((r) => r.rows[0]!);

/** Sends SIGTERM; answers the exit code and how long the process took to go. */
async function terminate(server: Awaited<ReturnType<typeof startServerProcess>>) {
  const started = performance.now();
  const code = await stopServerProcess(server);
  return { code, ms: Math.round(performance.now() - started) };
}

let bundle: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  bundle = await buildServer();
});
afterAll(() => bundle?.remove());

describe('graceful shutdown with thousands of mails in the outbox', () => {
  it(
    'abandons a send the SMTP server never answers: exits 0 at once, every mail kept and due',
    { timeout: 180_000 },
    async () => {
      // Accepts connections and never says a word: nodemailer would wait 30 s for a greeting.
      const sockets: net.Socket[] = [];
      const silent = net.createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const smtpPort = (silent.address() as net.AddressInfo).port;
      const outbox = await outboxWithQueuedMail();
      try {
        const server = await startServerProcess(
          'silent-smtp',
          { ...outbox.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'info' },
          bundle.entry,
        );
        // A mail is in flight: the dispatcher is connected and waiting for the greeting.
        await eventually(() => (sockets.length > 0 ? true : undefined), 30_000);

        const { code, ms } = await terminate(server);
        expect(code, server.output()).toBe(0);
        expect(ms, server.output()).toBeLessThan(EXIT_WITHIN_MS);
        expect(server.output()).toContain('unsent mail stays in the outbox');

        const state = await outbox.inspect(outboxState);
        // Nothing sent, nothing lost, nothing counted as failed, nothing left leased.
        expect(state).toEqual({ pending: QUEUED, sent: 0, waiting: 0, attempts: 0 });
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
        await outbox.drop();
      }
    },
  );

  it(
    'stops a working dispatcher mid-queue: exits 0 at once, sent mail marked sent, the rest due',
    { timeout: 180_000 },
    async () => {
      const smtp = await startSmtpServer();
      const outbox = await outboxWithQueuedMail();
      try {
        const server = await startServerProcess(
          'working-smtp',
          { ...outbox.env, SMTP_URL: smtp.url, LOG_LEVEL: 'warn' },
          bundle.entry,
        );
        await eventually(() => (smtp.received.length >= 20 ? true : undefined), 60_000);

        const { code, ms } = await terminate(server);
        expect(code, server.output()).toBe(0);
        expect(ms, server.output()).toBeLessThan(EXIT_WITHIN_MS);

        const state = await outbox.inspect(outboxState);
        const received = smtp.received.map((m) => m.to[0]);
        // Stopped mid-queue, each mail received once, and the outbox agrees with the server.
        expect(received.length).toBeLessThan(QUEUED);
        expect(new Set(received).size).toBe(received.length);
        expect(state.sent).toBe(received.length);
        expect(state.pending).toBe(QUEUED - received.length);
        expect(state.waiting).toBe(0);
      } finally {
        await smtp.close();
        await outbox.drop();
      }
    },
  );
});
