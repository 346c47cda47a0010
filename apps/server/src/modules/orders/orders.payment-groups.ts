import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  inventoryService,
  PurchaseGroups,
  type SaleEvent,
  type Settled,
} from '../events/inventory.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { CommitUncertain, unwrapUncertain, type Created } from './orders.checkout.ts';
import type { OrderHooks, OrdersConfig } from './orders.config.ts';
import { eventCancelled, holdExpired, orderNotFound } from './orders.errors.ts';
import { confirmationMessages } from './orders.mails.ts';
import * as payRepo from './orders.payment.repository.ts';
import * as repo from './orders.repository.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

/**
 * Payment choices and payment completions of one event, grouped like holds (decisions
 * 014, 092): per process and per event, those that arrive while a group is being written
 * wait for it and are then written together (up to 250, `PurchaseGroups`), so a crowd of
 * paid orders shares statements and commits instead of paying one transaction each.
 *
 * Every guarantee of the one-by-one path is kept, by the SQL rather than by the grouping:
 * a completion's UPDATE is conditional on `pending` and a live hold (`reserved_until >
 * now()`), so an order completes once and never after its hold ran out — the sweeper ends
 * a hold under the same row lock; the event is read under its share lock in the same
 * transaction, so a cancellation is seen; the history lines, the confirmation mails (the
 * outbox rows) and the completion hooks are in that same commit. An order named twice in a
 * group is written once; its other copies get the answer a second request gets alone. An
 * order the statement does not complete (its hold ran out, paid meanwhile) is answered on
 * its own and fails nobody else; a group whose statements fail runs again one at a time,
 * except when its COMMIT failed (it may have committed: answered with the error, as
 * checkout does).
 */

/** A payment choice: TEST or a provider (offline keeps its own transaction and mail). */
export interface Choice {
  order: OrderRow;
  method: 'test' | 'paystack';
}

/** A chosen order as the buyer sees it, with its items and event (one read per group). */
export interface Chosen {
  order: OrderRow;
  items: OrderItemRow[];
  event: SaleEvent;
}

/** A payment completion: the TEST provider's success, or the organiser's "mark paid". */
export interface Completion {
  pending: OrderRow;
  payment: { method: 'test' | 'offline'; ref: string | null };
  actorUserId: string | null;
}

/** The order can be paid now (the one-by-one path's rule; `event` read by the group). */
export type PayableCheck = (order: OrderRow, event: SaleEvent | undefined) => void;

const CHOICE_DETAIL = {
  test: 'Paying with the TEST provider',
  paystack: 'Paying with Paystack',
} as const;

const PAID_DETAIL = {
  test: 'Paid with the TEST provider',
  offline: 'Marked paid by the organiser',
} as const;

/** The first job of each order; later copies of the same order are answered on their own. */
function firstOfEach<T>(jobs: T[], idOf: (job: T) => string): Map<string, number> {
  const first = new Map<string, number>();
  jobs.forEach((job, index) => {
    if (!first.has(idOf(job))) first.set(idOf(job), index);
  });
  return first;
}

/**
 * Runs a group; if it fails before its commit, runs each job alone so that one bad job
 * fails only itself.
 */
async function orAlone<J, R>(
  jobs: J[],
  run: (jobs: J[]) => Promise<Settled<R>[]>,
): Promise<Settled<R>[]> {
  try {
    return await run(jobs);
  } catch (error) {
    if (error instanceof CommitUncertain || jobs.length === 1)
      return jobs.map(() => ({ ok: false, error: unwrapUncertain(error) }));
    const outcomes: Settled<R>[] = [];
    for (const job of jobs) {
      try {
        outcomes.push(...(await run([job])));
      } catch (alone) {
        outcomes.push({ ok: false, error: unwrapUncertain(alone) });
      }
    }
    return outcomes;
  }
}

export class PaymentGroups {
  private readonly choices: PurchaseGroups<Choice, Chosen>;
  private readonly completions: PurchaseGroups<Completion, Created>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly config: OrdersConfig,
    private readonly hooks: OrderHooks,
    private readonly assertPayable: PayableCheck,
  ) {
    this.choices = new PurchaseGroups((eventId, jobs) =>
      orAlone(jobs, (group) => this.writeChoices(eventId, group)),
    );
    this.completions = new PurchaseGroups(async (eventId, jobs) => {
      const outcomes = await orAlone(jobs, (group) => this.writeCompletions(eventId, group));
      if (outcomes.some((o) => o.ok)) this.mail.kick();
      return outcomes;
    });
  }

  /** Chooses TEST or a provider for a pending order, in its event's group. */
  choose(choice: Choice): Promise<Chosen> {
    return this.choices.add(choice.order.event_id, choice);
  }

  /** Completes a pending order whose hold runs, in its event's group. */
  complete(completion: Completion): Promise<Created> {
    return this.completions.add(completion.pending.event_id, completion);
  }

  /**
   * The group's choices: the event read once, each order checked as alone, the payable
   * ones changed and logged in one statement, the answers' items read in one.
   */
  private async writeChoices(eventId: string, jobs: Choice[]): Promise<Settled<Chosen>[]> {
    const event = await inventoryService.event(this.db, eventId);
    const outcomes: Settled<Chosen>[] = new Array(jobs.length);
    const payable: number[] = [];
    jobs.forEach((job, index) => {
      try {
        this.assertPayable(job.order, event);
        if (!event) throw orderNotFound();
        payable.push(index);
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    });
    const first = firstOfEach(
      payable.map((i) => jobs[i]!),
      (job) => job.order.id,
    );
    const updated = await payRepo.setPaymentMethodsLogged(
      this.db,
      [...first.values()].map((i) => {
        const job = jobs[payable[i]!]!;
        return { id: job.order.id, method: job.method, detail: CHOICE_DETAIL[job.method] };
      }),
    );
    const rows = new Map(updated.map((row) => [row.id, row]));
    // Nothing changed: this way to pay was chosen already (at the same moment, perhaps);
    // such an order is answered as it stands, or its hold ran out.
    const unchanged = payable.filter((i) => !rows.has(jobs[i]!.order.id));
    const current = await repo.findOrdersByIds(this.db, [
      ...new Set(unchanged.map((i) => jobs[i]!.order.id)),
    ]);
    const now = new Map(current.map((row) => [row.id, row]));
    const answers = new Map<number, OrderRow>();
    for (const index of payable) {
      const job = jobs[index]!;
      const row = rows.get(job.order.id) ?? now.get(job.order.id);
      const live =
        row &&
        row.status === 'pending' &&
        row.payment_method === job.method &&
        row.reserved_until !== null &&
        row.reserved_until.getTime() > Date.now();
      if (live) answers.set(index, row);
      else outcomes[index] = { ok: false, error: holdExpired() };
    }
    const items = await repo.findOrderItems(this.db, [
      ...new Set([...answers.values()].map((row) => row.id)),
    ]);
    for (const [index, order] of answers)
      outcomes[index] = {
        ok: true,
        value: { order, items: items.filter((i) => i.order_id === order.id), event: event! },
      };
    return outcomes;
  }

  /**
   * The group's completions in one transaction: the event under its share lock, the
   * orders completed with their history lines in one statement, their items, the
   * confirmation mails and the hooks for all of them.
   */
  private writeCompletions(eventId: string, jobs: Completion[]): Promise<Settled<Created>[]> {
    let statementsDone = false;
    return this.db
      .transaction()
      .execute(async (trx): Promise<Settled<Created>[]> => {
        // Read under the event's lock: a cancellation committed meanwhile is seen here.
        const event = await inventoryService.eventForPayment(trx, eventId);
        if (!event || event.status === 'cancelled') {
          statementsDone = true;
          return jobs.map((job) => ({
            ok: false,
            error: eventCancelled(job.actorUserId !== null),
          }));
        }
        const first = firstOfEach(jobs, (job) => job.pending.id);
        const completed = await payRepo.completePendingOrders(
          trx,
          [...first.values()].map((i) => {
            const job = jobs[i]!;
            return {
              id: job.pending.id,
              method: job.payment.method,
              ref: job.payment.ref,
              detail: PAID_DETAIL[job.payment.method],
              actorUserId: job.actorUserId,
            };
          }),
        );
        const items = await repo.findOrderItems(
          trx,
          completed.map((order) => order.id),
        );
        const created: Created[] = completed.map((order) => ({
          order,
          items: items.filter((i) => i.order_id === order.id),
          event,
        }));
        if (created.length > 0) {
          await this.mail.enqueueMany(
            trx,
            created.flatMap((c) => confirmationMessages(c.order, c.items, event, this.config)),
          );
          await this.hooks.completed?.(trx, created, 'later');
        }
        statementsDone = true;
        const byId = new Map(created.map((c) => [c.order.id, c]));
        return jobs.map((job, index) => {
          const done = byId.get(job.pending.id);
          // Only the first copy of an order completes it; a copy, or an order whose hold
          // ran out (or that was paid meanwhile), gets what a second request gets alone.
          return done && first.get(job.pending.id) === index
            ? { ok: true, value: done }
            : { ok: false, error: holdExpired() };
        });
      })
      .catch((error: unknown) => {
        throw statementsDone ? new CommitUncertain(error) : error;
      });
  }
}
