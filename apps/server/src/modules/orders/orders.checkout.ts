import { randomUUID } from 'node:crypto';
import { LIMITS } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKeys } from '../../db/locks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { randomDigits } from '../../lib/secrets.ts';
import {
  inventoryService,
  type SaleEvent,
  type SaleTicketType,
  type Settled,
} from '../events/inventory.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { questionLookup } from '../questions/questions.lookup.ts';
import {
  answersContract,
  type AnswersBody,
  type CheckedAnswer,
  type QuestionDto,
} from '@gatepass/shared';
import { CHECKOUT_LIMITS, emailKey, phoneKey } from './orders.limits.ts';
import { confirmationMessages } from './orders.mails.ts';
import type { TicketLinks } from '../tickets/ticket-links.ts';
import type { WalletEnabled } from '../tickets/wallet-links.ts';
import { priceOrder, type PricedLine, type Pricing } from './orders.pricing.ts';
import { checkAccess, unitPriceOf } from './orders.ticket-kinds.ts';
import { promoCodes, type PromoCode } from '../promos/promos.codes.ts';
import { promoUsedUp, soldOut, tooManyOpenHolds } from './orders.errors.ts';
import * as holdRepo from './orders.holds.repository.ts';
import * as repo from './orders.repository.ts';
import type { NewOrder } from './orders.repository.ts';
import type { OrderItemRow, OrderRow } from './orders.table.ts';

/**
 * Checkout of a group of purchases of one event, in one transaction with a handful of
 * statements whatever the group's size (decision 014):
 *
 * 1. read the event, all its ticket types and the promo codes used, once;
 * 2. decide each purchase in order, exactly as it would be decided alone, against an
 *    in-memory tally of what the purchases before it took (tickets left, promo uses left);
 * 3. write the accepted orders, their items, history and mails with multi-row INSERTs;
 * 4. last, take each ticket type's total with one conditional
 *    `UPDATE … SET sold = sold + total WHERE sold + total <= capacity` (and each promo
 *    code's uses likewise), then commit.
 *
 * The hot ticket row is therefore locked only for step 4 and the commit's flush, and the
 * two processes' groups overlap everywhere else. If a conditional UPDATE refuses (another
 * process sold tickets or uses since step 1), the transaction rolls back — nothing of the
 * group is written, nobody has been answered — and the group is decided again with the
 * ticket types and promo codes read `FOR UPDATE`, so that what it reads stays exact until
 * its commit. A group whose transaction fails otherwise is run again one purchase at a
 * time. A purchase is answered only after the commit that made it durable.
 */

export interface Line {
  ticketTypeId: string;
  quantity: number;
  /** Pay what you want / donation: whole naira per ticket (decision 086). */
  amount?: number | undefined;
}

export interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface CheckoutInput {
  eventId: string;
  items: Line[];
  promoCode?: string | undefined;
  /** Unlocks hidden ticket types (decision 087). */
  accessCode?: string | undefined;
  buyer: Buyer;
  /** Answers to the event's questions (issue 25 §1), keyed as `answerKey` says. */
  answers?: AnswersBody | undefined;
  /** Holders named at checkout, by ticket number (decision 080). */
  ticketNames?:
    | { index: number; firstName: string; lastName: string; email?: string | undefined }[]
    | undefined;
}

export interface Purchase {
  input: CheckoutInput;
  buyerUserId: string | null;
  accessTokenHash: string;
}

export interface Created {
  order: OrderRow;
  items: OrderItemRow[];
  event: SaleEvent;
}

/**
 * Runs inside the transaction that completes orders (the organiser's notification mail).
 * `how`: made complete by the checkout (free orders), or completed later (paid, or an
 * offer claimed) — only the latter can be a waiting-list offer.
 */
export type OrderCompletedHook = (
  trx: Kysely<Database>,
  completed: Created[],
  how: 'at-checkout' | 'later',
) => Promise<void>;

export interface CheckoutConfig {
  publicUrl: string;
  ticketLinks: TicketLinks;
  holdSeconds: number;
  /** TEST ONLY (UNSAFE_DISABLE_CAPACITY_GUARD): the group writes `sold` without re-checking. */
  unsafeDisableCapacityGuard?: boolean | undefined;
  /** The confirmation's wallet links (decisions 043–044). */
  wallet?: WalletEnabled | undefined;
  /** The confirmation by WhatsApp too (decision 083). */
  whatsapp?: boolean | undefined;
}

/** A stable order (by id, as PostgreSQL orders uuids), the order rows are locked in. */
const byTypeId = <T extends { ticketTypeId: string }>(lines: T[]) =>
  [...lines].sort((a, b) =>
    a.ticketTypeId < b.ticketTypeId ? -1 : a.ticketTypeId > b.ticketTypeId ? 1 : 0,
  );

/**
 * The basket checks, against the event and its ticket types as read: the event is on sale,
 * each type appears once, is not hidden (or its access code came with it), is within its
 * sales window and the quantity within its per-order bounds. Returns the lines priced at the
 * types' prices, or the amounts typed for pay what you want (orders.ticket-kinds.ts).
 */
export function checkBasket<E extends SaleEvent>(
  event: E | undefined,
  types: ReadonlyMap<string, SaleTicketType>,
  items: Line[],
  now: number,
  accessCode?: string | undefined,
): { event: E; lines: PricedLine[] } {
  if (!event || event.status === 'draft') throw notFound('This event was not found.');
  if (event.status === 'cancelled')
    throw new AppError(
      409,
      'CONFLICT',
      'This event has been cancelled; tickets are no longer sold.',
    );
  if (event.end_at && event.end_at.getTime() <= now) {
    throw new AppError(409, 'CONFLICT', 'This event has ended; tickets are no longer sold.');
  }
  const ids = items.map((i) => i.ticketTypeId);
  if (new Set(ids).size !== ids.length) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Each ticket type may appear once in an order.');
  }
  const lines: PricedLine[] = items.map((item) => {
    const type = types.get(item.ticketTypeId);
    if (!type || type.event_id !== event.id)
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        'A chosen ticket type is not on sale for this event.',
      );
    checkAccess(type, accessCode);
    if (type.sales_start_at && type.sales_start_at.getTime() > now) {
      throw new AppError(409, 'CONFLICT', `"${type.name}" is not on sale yet.`);
    }
    if (type.sales_end_at && type.sales_end_at.getTime() <= now) {
      throw new AppError(409, 'CONFLICT', `Sales of "${type.name}" have ended.`);
    }
    if (item.quantity < type.min_per_order || item.quantity > type.max_per_order) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `Choose between ${type.min_per_order} and ${type.max_per_order} "${type.name}" tickets per order.`,
      );
    }
    return {
      ticketTypeId: type.id,
      name: type.name,
      quantity: item.quantity,
      unitPriceKobo: unitPriceOf(type, item.amount),
      ...(type.admits !== 1 ? { admits: type.admits } : {}),
    };
  });
  return { event, lines };
}

/** The promo code as read is live for this event, with a use left after `usedSinceRead`. */
export function checkPromo(
  promo: PromoCode | undefined,
  usedSinceRead: number,
  now: number,
): PromoCode {
  if (
    !promo ||
    !promo.active ||
    (promo.starts_at && promo.starts_at.getTime() > now) ||
    (promo.ends_at && promo.ends_at.getTime() <= now)
  ) {
    throw new AppError(400, 'VALIDATION_FAILED', 'That promo code is not valid for this event.');
  }
  if (promo.max_uses !== null && promo.uses + usedSinceRead >= promo.max_uses) {
    throw promoUsedUp();
  }
  return promo;
}

/** A conditional UPDATE refused: someone else took tickets or promo uses since the read. */
class TakenMeanwhile extends Error {}

/**
 * The group's statements all ran and then COMMIT failed (a dropped connection, say): the
 * transaction may have committed. Running the purchases again could write them twice, so
 * they are answered with the error instead (the capacity guard holds either way).
 */
export class CommitUncertain extends Error {
  constructor(readonly reason: unknown) {
    super('the group commit failed after every statement ran', { cause: reason });
  }
}

export const unwrapUncertain = (error: unknown): unknown =>
  error instanceof CommitUncertain ? error.reason : error;

interface Accepted {
  index: number;
  purchase: Purchase;
  lines: PricedLine[];
  promo: PromoCode | null;
  pricing: Pricing;
  free: boolean;
  /** The checked answers to keep (empty when the event asks nothing). */
  answers: CheckedAnswer[];
}

/**
 * The purchase's answers checked against the event's questions with the shared contract
 * (the checkout page applies the same one). Refused with the first issue's sentence.
 */
export function checkAnswers(
  questions: readonly QuestionDto[] | null,
  lines: readonly PricedLine[],
  answers: AnswersBody | undefined,
): CheckedAnswer[] {
  if (!questions || questions.length === 0) return [];
  const parsed = answersContract(questions, lines).safeParse(answers);
  if (parsed.success) return parsed.data;
  // As the error handler words a field's issue: `answers.{key}` (the key as the page sent it).
  const issues = parsed.error.issues.map((i) => ({
    field: ['answers', ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  throw new AppError(400, 'VALIDATION_FAILED', issues[0]!.message, { issues });
}

export class CheckoutGroups {
  private completedHook: OrderCompletedHook | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly config: CheckoutConfig,
  ) {}

  onCompleted(hook: OrderCompletedHook): void {
    this.completedHook = hook;
  }

  /** Decides and writes a group of purchases of `eventId`: one outcome per purchase, in order. */
  run = async (eventId: string, purchases: Purchase[]): Promise<Settled<Created>[]> => {
    let outcomes: Settled<Created>[];
    try {
      outcomes = await this.attempt(eventId, purchases, false);
    } catch (first) {
      try {
        if (!(first instanceof TakenMeanwhile)) throw first;
        outcomes = await this.attempt(eventId, purchases, true);
      } catch (error) {
        if (error instanceof CommitUncertain || purchases.length === 1)
          return purchases.map(() => ({ ok: false, error: unwrapUncertain(error) }));
        // The group's transaction failed before its commit, so none of it was written.
        outcomes = [];
        for (const purchase of purchases) {
          try {
            outcomes.push(...(await this.attempt(eventId, [purchase], true)));
          } catch (alone) {
            outcomes.push({ ok: false, error: unwrapUncertain(alone) });
          }
        }
      }
    }
    if (outcomes.some((o) => o.ok && o.value.order.status === 'completed')) this.mail.kick();
    return outcomes;
  };

  /**
   * One transaction for the group. With `lock`, the ticket types and promo codes are read
   * `FOR UPDATE`, so the tally is exact and the final UPDATEs cannot refuse; without, they
   * are re-checked by the final conditional UPDATEs, and a refusal throws TakenMeanwhile.
   */
  private async attempt(
    eventId: string,
    purchases: Purchase[],
    lock: boolean,
  ): Promise<Settled<Created>[]> {
    let statementsDone = false;
    try {
      return await this.decideAndWrite(eventId, purchases, lock, () => {
        statementsDone = true;
      });
    } catch (error) {
      if (statementsDone) throw new CommitUncertain(error);
      throw error;
    }
  }

  private decideAndWrite(
    eventId: string,
    purchases: Purchase[],
    lock: boolean,
    beforeCommit: () => void,
  ): Promise<Settled<Created>[]> {
    const unguarded = this.config.unsafeDisableCapacityGuard === true;
    return this.db.transaction().execute(async (trx) => {
      // The event's questions come lent in the event's own read (no statement of theirs).
      const state = await inventoryService.saleStateWith(
        trx,
        eventId,
        lock && !unguarded,
        questionLookup.questionsOf,
      );
      const types = new Map(state.types.map((t) => [t.id, t]));
      const codes = state.event
        ? [...new Set(purchases.flatMap((p) => (p.input.promoCode ? [p.input.promoCode] : [])))]
        : [];
      const promos = new Map(
        (await promoCodes.forCheckout(trx, eventId, codes, lock)).map((p) => [p.code, p]),
      );

      // Decide each purchase in turn against what those before it took.
      const taken = new Map<string, number>();
      const promoUses = new Map<string, number>();
      const outcomes: Settled<Created>[] = new Array(purchases.length);
      const accepted: Accepted[] = [];
      const now = Date.now();
      purchases.forEach((purchase, index) => {
        try {
          const { input } = purchase;
          const { event, lines } = checkBasket(
            state.event,
            types,
            input.items,
            now,
            input.accessCode,
          );
          const promo = purchase.input.promoCode
            ? checkPromo(
                promos.get(purchase.input.promoCode),
                promoUses.get(purchase.input.promoCode) ?? 0,
                now,
              )
            : null;
          for (const line of byTypeId(lines)) {
            const type = types.get(line.ticketTypeId)!;
            const left = type.capacity - type.sold - (taken.get(type.id) ?? 0);
            if (line.quantity > left) throw soldOut(type.name, Math.max(0, left));
          }
          for (const line of lines)
            taken.set(line.ticketTypeId, (taken.get(line.ticketTypeId) ?? 0) + line.quantity);
          if (promo) promoUses.set(promo.code, (promoUses.get(promo.code) ?? 0) + 1);
          const answers = checkAnswers(event.questions, lines, purchase.input.answers);
          const pricing = priceOrder(lines, promo, event.fee_mode);
          accepted.push({
            index,
            purchase,
            lines,
            promo,
            pricing,
            free: pricing.totalKobo === 0,
            answers,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes[index] = { ok: false, error };
        }
      });
      if (!unguarded) await this.limitOpenHolds(trx, eventId, accepted, outcomes);
      if (accepted.length === 0) return outcomes;
      // What the purchases still accepted take, as the final UPDATEs will.
      taken.clear();
      promoUses.clear();
      for (const a of accepted) {
        for (const line of a.lines)
          taken.set(line.ticketTypeId, (taken.get(line.ticketTypeId) ?? 0) + line.quantity);
        if (a.promo) promoUses.set(a.promo.code, (promoUses.get(a.promo.code) ?? 0) + 1);
      }
      const event = state.event!;

      // Write the group: orders with their items and history lines in one statement
      // (decision 105), then the answers if any, then the mails.
      const { orders, items } = await this.insertOrders(trx, event, accepted);
      // Answers only for the orders that have some: none asked, no statement.
      if (accepted.some((a) => a.answers.length > 0)) {
        await questionLookup.keep(
          trx,
          accepted.map((a, i) => ({
            orderId: orders[i]!.id,
            eventId: event.id,
            questions: event.questions ?? [],
            answers: a.answers,
          })),
        );
      }
      const itemsOf = new Map<string, OrderItemRow[]>();
      for (const item of items) {
        const list = itemsOf.get(item.order_id);
        if (list) list.push(item);
        else itemsOf.set(item.order_id, [item]);
      }
      const created: Created[] = orders.map((order) => ({
        order,
        items: itemsOf.get(order.id) ?? [],
        event,
      }));
      const completed = created.filter((c) => c.order.status === 'completed');
      if (completed.length > 0) {
        await this.mail.enqueueMany(
          trx,
          completed.flatMap((c) => confirmationMessages(c.order, c.items, event, this.config)),
        );
        await this.completedHook?.(trx, completed, 'at-checkout');
      }

      // Last: take the tickets (the hot rows), then the promo uses, each conditionally.
      const totals = [...taken].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }));
      if (unguarded) {
        await inventoryService.overwriteAllUnguarded(
          trx,
          totals,
          new Map(state.types.map((t) => [t.id, t.sold])),
        );
      } else if (!(await inventoryService.reserveAll(trx, totals)).ok) {
        throw new TakenMeanwhile();
      }
      const used = [...promoUses].map(([code, n]) => ({ promo: promos.get(code)!, n }));
      used.sort((a, b) => (a.promo.id < b.promo.id ? -1 : a.promo.id > b.promo.id ? 1 : 0));
      for (const { promo, n } of used) {
        if (!(await promoCodes.redeemUses(trx, promo.id, n))) throw new TakenMeanwhile();
      }

      accepted.forEach((a, i) => {
        outcomes[a.index] = { ok: true, value: created[i]! };
      });
      beforeCommit();
      return outcomes;
    });
  }

  /**
   * A buyer (email, and phone) may have `openHoldsPerBuyerPerEvent` orders of an event
   * waiting for payment (decision 025); one who has that many gets no other order of the
   * event, free or not, until one is paid or lapses. Counted here for the whole group in one
   * statement (decision 094; before, each order read it once outside any lock as well, and
   * twenty identical orders at once all passed that look — decision 051). A purchase that
   * would hold tickets takes a lock per buyer key held to the commit, so the count is exact
   * for it, counting the holds committed before and those of this group. Purchases over it
   * are refused and leave `accepted`.
   */
  private async limitOpenHolds(
    trx: Kysely<Database>,
    eventId: string,
    accepted: Accepted[],
    outcomes: Settled<Created>[],
  ): Promise<void> {
    if (accepted.length === 0) return;
    const keyOf = (a: Accepted) => ({
      email: emailKey(a.purchase.input.buyer.email),
      phone: phoneKey(a.purchase.input.buyer.phone),
    });
    const buyers = accepted.map(keyOf);
    const holding = buyers.filter((_, i) => !accepted[i]!.free);
    if (holding.length > 0) {
      await lockKeys(
        trx,
        holding.flatMap((b) => [`holds:${eventId}:e:${b.email}`, `holds:${eventId}:p:${b.phone}`]),
      );
    }
    const held = await holdRepo.findOpenHoldKeys(
      trx,
      eventId,
      buyers.map((b) => b.email),
      buyers.map((b) => b.phone),
    );
    const holds = held.map((h) => ({ email: h.email_key, phone: h.phone_key }));
    const refused = new Set<Accepted>();
    accepted.forEach((a, i) => {
      const b = buyers[i]!;
      const open = holds.filter((h) => h.email === b.email || h.phone === b.phone).length;
      if (open >= CHECKOUT_LIMITS.openHoldsPerBuyerPerEvent) {
        refused.add(a);
        outcomes[a.index] = { ok: false, error: tooManyOpenHolds(open) };
      } else if (!a.free) {
        holds.push(b);
      }
    });
    if (refused.size === 0) return;
    const kept = accepted.filter((a) => !refused.has(a));
    accepted.splice(0, accepted.length, ...kept);
  }

  /**
   * Writes the accepted orders with their items and their "created" history lines in one
   * statement; returns the orders' rows in `accepted`'s order, and the items. Order codes
   * are 8 CSPRNG digits, distinct within the group; an order whose code is already taken
   * (1 in 10^8 per order) is not written, nor its items, and draws again.
   */
  private async insertOrders(
    trx: Kysely<Database>,
    event: SaleEvent,
    accepted: Accepted[],
  ): Promise<{ orders: OrderRow[]; items: OrderItemRow[] }> {
    // The lines' ids are drawn here, once: the statement writes them as given.
    const lines = accepted.map((a) => a.lines.map((line) => ({ id: randomUUID(), ...line })));
    const rows: (OrderRow | undefined)[] = new Array(accepted.length);
    let pending = accepted.map((_, i) => i);
    const drawn = new Set<string>();
    const now = Date.now();
    for (let attempt = 0; attempt < 5 && pending.length > 0; attempt++) {
      const codes = pending.map(() => {
        let code: string;
        do code = randomDigits(LIMITS.orderCodeLength);
        while (drawn.has(code));
        drawn.add(code);
        return code;
      });
      const written = await repo.insertOrdersWithItems(
        trx,
        pending.map((i, k) => {
          const a = accepted[i]!;
          const { input, buyerUserId, accessTokenHash } = a.purchase;
          const order: NewOrder = {
            code: codes[k]!,
            eventId: event.id,
            buyerUserId,
            ...input.buyer,
            emailKey: emailKey(input.buyer.email),
            phoneKey: phoneKey(input.buyer.phone),
            status: a.free ? 'completed' : 'pending',
            paymentMethod: a.free ? 'free' : null,
            ...a.pricing,
            feeMode: event.fee_mode,
            promoCodeId: a.promo?.id ?? null,
            accessTokenHash,
            reservedUntil: a.free ? null : new Date(now + this.config.holdSeconds * 1000),
            paidAt: a.free ? new Date(now) : null,
            ticketNames: input.ticketNames?.map((n) => ({
              index: n.index,
              firstName: n.firstName,
              lastName: n.lastName,
              email: n.email ?? null,
            })),
          };
          return {
            order,
            items: lines[i]!,
            history: {
              kind: 'created',
              detail: a.free ? 'Free order confirmed' : 'Tickets held for payment',
              actorUserId: buyerUserId,
            },
          };
        }),
      );
      const byCode = new Map(written.map((row) => [row.code, row]));
      pending = pending.filter((i, k) => {
        const row = byCode.get(codes[k]!);
        if (row) rows[i] = row;
        return !row;
      });
    }
    if (pending.length > 0) throw new Error('could not draw a free order code in 5 attempts');
    const orders = rows as OrderRow[];
    const items = orders.flatMap((order, i) =>
      lines[i]!.map((line): OrderItemRow => ({
        id: line.id,
        order_id: order.id,
        ...repo.lineColumns(line),
      })),
    );
    return { orders, items };
  }
}
