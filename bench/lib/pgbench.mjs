// pgbench runs for the benchmarks' "limit" figures: the same statements the app sends,
// with no HTTP, no Node and no JSON in the way.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 8);

/**
 * Runs `script` (pgbench's script language) against `dbUrl` with `clients` connections for
 * `seconds`, prepared statements; answers transactions (script runs) per second and the
 * average latency. Throws with pgbench's output when it did not run.
 */
export function pgbench(
  dbUrl,
  name,
  script,
  { clients = 20, seconds = PGBENCH_SECONDS, protocol = 'prepared' } = {},
) {
  const file = path.join(os.tmpdir(), `gatepass-pgbench-${name}-${process.pid}.sql`);
  fs.writeFileSync(file, script);
  const url = new URL(dbUrl);
  const res = spawnSync(
    'pgbench',
    [
      '-n',
      '-M',
      protocol,
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      file,
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      url.username || 'postgres',
      url.pathname.slice(1),
    ],
    { encoding: 'utf8' },
  );
  fs.rmSync(file, { force: true });
  const tps = /tps = ([\d.]+)/.exec(res.stdout)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(res.stdout)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(res.stdout)?.[1];
  if (!tps || /client \d+ aborted/.test(res.stderr))
    throw new Error(`pgbench ${name} failed:\n${res.stdout}\n${res.stderr}`);
  return { tps: Number(tps), latencyMs: Number(latency), failed: Number(failed ?? 0) };
}

/**
 * A ticket type per pgbench client on `eventId` (table bench_slots: slot → ticket type), so
 * a script can take its tickets from a counter row of its own: the limit without lock waits.
 */
export async function givenSlots(db, eventId, clients, { priceKobo = 0 } = {}) {
  await db.query(
    `INSERT INTO ticket_types (event_id, name, price_kobo, capacity) VALUES ($1, 'pgbench-hot', $2, 100000000)`,
    [eventId, priceKobo],
  );
  await db.query('CREATE TABLE bench_slots (slot int PRIMARY KEY, ticket_type_id uuid NOT NULL)');
  for (let slot = 0; slot < clients; slot++) {
    const { rows } = await db.query(
      `INSERT INTO ticket_types (event_id, name, price_kobo, capacity) VALUES ($1, $2, $3, 100000000) RETURNING id`,
      [eventId, `pgbench-${slot}`, priceKobo],
    );
    await db.query('INSERT INTO bench_slots VALUES ($1, $2)', [slot, rows[0].id]);
  }
}

/** The hot counter row givenSlots made, and a client's own row, as SQL expressions. */
export const HOT_TYPE = "(SELECT id FROM ticket_types WHERE name = 'pgbench-hot')";
export const OWN_TYPE = '(SELECT ticket_type_id FROM bench_slots WHERE slot = :client_id)';
