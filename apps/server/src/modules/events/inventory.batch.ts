/**
 * Purchases of one event, gathered into groups (decisions 012 and 014).
 *
 * Every purchase takes its tickets from the ticket type's row, and a commit waits for the
 * WAL to reach the disk (~4 ms here: pg_test_fsync): one order per transaction caps an
 * event near the disk's flush rate however many buyers, processes or cores there are
 * (bench/flash-sale.mjs, pgbench's "one hot counter row"). So, per process and per event,
 * purchases that arrive while a group (or `inFlight` groups, decision 106) is being written
 * wait for it and are then handed together (up to MAX_GROUP) to the caller's `runGroup`,
 * which decides and writes the whole group in one transaction and settles each purchase on
 * its own (orders/orders.checkout.ts).
 *
 * This file only gathers and hands out; it runs no SQL.
 */
/**
 * The largest group. 250 rather than 100 (decision 105): with the rows sent as one JSON
 * parameter a group's statements cost little more for 250 purchases than for 100, and its
 * fixed part (the reads, the commit's flush) is shared by more: the flash sale went from
 * ~3,800–4,500 to ~4,700–4,900 orders/s, its p50 from ~260 to ~195 ms.
 */
export const MAX_GROUP = 250;

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Decides and writes a group of purchases of one event; one outcome per purchase, in order. */
export type GroupRunner<P, R> = (eventId: string, purchases: P[]) => Promise<Settled<R>[]>;

interface Job<P, R> {
  purchase: P;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

class EventQueue<P, R> {
  private readonly queue: Job<P, R>[] = [];
  private running = 0;

  constructor(
    private readonly eventId: string,
    private readonly runGroup: GroupRunner<P, R>,
    private readonly inFlight: number,
    private readonly done: () => void,
  ) {}

  add(purchase: P): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ purchase, resolve, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running >= this.inFlight) return;
    const group = this.queue.splice(0, MAX_GROUP);
    if (group.length === 0) {
      if (this.running === 0) this.done();
      return;
    }
    this.running += 1;
    try {
      const outcomes = await this.runGroup(
        this.eventId,
        group.map((job) => job.purchase),
      );
      group.forEach((job, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) job.resolve(outcome.value);
        else job.reject(outcome ? outcome.error : new Error('purchase left without an outcome'));
      });
    } catch (error) {
      for (const job of group) job.reject(error);
    } finally {
      this.running -= 1;
      void this.pump();
    }
  }
}

/** Per-event queues of one kind of purchase, each group handed to `runGroup`. */
export class PurchaseGroups<P, R> {
  private readonly events = new Map<string, EventQueue<P, R>>();

  /**
   * `inFlight`: how many groups of one event this process writes at once. 1 where the
   * order of the groups is the answer (the waiting room's places); checkout takes more, as
   * its groups only meet at the ticket rows' conditional UPDATEs, which run last.
   */
  constructor(
    private readonly runGroup: GroupRunner<P, R>,
    private readonly inFlight = 1,
  ) {}

  /** Runs `purchase` of `eventId`, in a group with whatever else arrives meanwhile. */
  add(eventId: string, purchase: P): Promise<R> {
    let queue = this.events.get(eventId);
    if (!queue) {
      queue = new EventQueue(eventId, this.runGroup, this.inFlight, () =>
        this.events.delete(eventId),
      );
      this.events.set(eventId, queue);
    }
    return queue.add(purchase);
  }
}
