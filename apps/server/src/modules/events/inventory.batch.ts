import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Purchases of one event, grouped into shared transactions.
 *
 * Every order takes its tickets with a conditional UPDATE of the ticket type's row, and
 * holds that row's lock until its transaction commits; the commit waits for the WAL to
 * reach the disk (~4 ms here: pg_test_fsync). One order per transaction therefore caps an
 * event at a few hundred orders a second however many buyers, processes or cores there are
 * (bench/flash-sale.mjs: pgbench's "one hot counter row"). So, per process and per event,
 * purchases that arrive while a transaction is running wait for it and then run together
 * in the next one, each in a savepoint of its own: one lock wait and one disk flush for the
 * whole group. Nothing else changes — each purchase still checks `sold + n <= capacity`
 * against the row as it stands, fails alone (its savepoint is rolled back), and is answered
 * only after the commit that made it durable.
 *
 * A group first locks all the event's ticket types in id order, so two groups (in two
 * processes) never hold one row each while waiting for the other's. A group whose
 * transaction fails as a whole (a lost connection, say) wrote nothing: each of its
 * purchases then runs alone.
 */
const MAX_GROUP = 100;

type Work<T> = (trx: Kysely<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

class EventPurchases {
  private readonly queue: Job[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly eventId: string,
    private readonly done: () => void,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    const group = this.queue.splice(0, MAX_GROUP);
    if (group.length === 0) return this.done();
    this.running = true;
    try {
      if (group.length === 1) await this.alone(group[0]!);
      else await this.together(group);
    } finally {
      this.running = false;
      void this.pump();
    }
  }

  private async alone(job: Job): Promise<void> {
    try {
      job.resolve(await this.db.transaction().execute(job.work));
    } catch (err) {
      job.reject(err);
    }
  }

  private async together(group: Job[]): Promise<void> {
    let outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[];
    try {
      outcomes = await this.db.transaction().execute(async (trx) => {
        await sql`select id from ticket_types where event_id = ${this.eventId} order by id for update`.execute(
          trx,
        );
        const results: typeof outcomes = [];
        for (const job of group) {
          await sql`savepoint purchase`.execute(trx);
          try {
            const value = await job.work(trx);
            await sql`release savepoint purchase`.execute(trx);
            results.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to savepoint purchase`.execute(trx);
            results.push({ ok: false, error });
          }
        }
        return results;
      });
    } catch {
      // The shared transaction failed as a whole, so none of it was written.
      for (const job of group) await this.alone(job);
      return;
    }
    outcomes.forEach((outcome, i) =>
      outcome.ok ? group[i]!.resolve(outcome.value) : group[i]!.reject(outcome.error),
    );
  }
}

const byDatabase = new WeakMap<Kysely<Database>, Map<string, EventPurchases>>();

/** Runs `work` as one purchase of `eventId`, possibly grouped with others (see above). */
export function purchase<T>(db: Kysely<Database>, eventId: string, work: Work<T>): Promise<T> {
  let events = byDatabase.get(db);
  if (!events) byDatabase.set(db, (events = new Map()));
  let queue = events.get(eventId);
  if (!queue) {
    const map = events;
    queue = new EventPurchases(db, eventId, () => map.delete(eventId));
    events.set(eventId, queue);
  }
  return queue.run(work);
}
