import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  formatKobo,
  type EventHoldDto,
  type ManageOrderDto,
  type ManageOrderListItem,
  type ManageOrderPage,
  type manageOrdersExportQuery,
  type manageOrdersQuery,
  type OrderDto,
} from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { LimitsOf } from '../../lib/rate-limiter.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import { dateRangeWindow } from '../events/events.time.ts';
import type { PromoUsage } from '../promos/promos.service.ts';
import { inventoryService, type SaleEvent } from '../events/inventory.service.ts';
import { questionLookup } from '../questions/questions.lookup.ts';
import { csvStream, lagosTime, nairaCell, type CsvColumn } from './orders.manage.csv.ts';
import * as manageRepo from './orders.manage.repository.ts';
import type { ExportRow, OrderFilters } from './orders.manage.repository.ts';
import * as repo from './orders.repository.ts';
import { namedView } from './orders.named.layout.ts';
import {
  toHoldDto,
  toListItem,
  toManageOrderDto,
  toOrderDto,
  type AnswerRow,
} from './orders.dto.ts';
import type { OrdersService, TransferTo } from './orders.service.ts';

type ListQuery = z.output<typeof manageOrdersQuery>;
type ExportQuery = z.output<typeof manageOrdersExportQuery>;

export const ORDER_NOT_FOUND = 'This order was not found.';
export const EVENT_NOT_FOUND = 'This event does not exist.';
/** One sentence whether the code or the email was wrong, so neither can be probed. */
export const LOOKUP_NOT_FOUND =
  'We could not find an order with that code and email. Please check both and try again.';

/** How long a token from the buyer's lookup reads the order. */
export const LOOKUP_TOKEN_HOURS = 24;

/**
 * Only wrong answers count, and never from anywhere: a stranger's wrong tries must not lock
 * the real buyer out (issue 16 §4). Guessing stays contained: 10 wrong emails per code and
 * 30 wrong tries in all per address an hour; an address needs 10^8 / 30 hours to walk the
 * codes.
 */
export const LOOKUP_LIMIT_RULES = {
  /** Every lookup from one address (right or wrong). */
  perIp: { points: 30, duration: 15 * 60 },
  /** Wrong tries from one address, whatever the code. */
  failuresPerIp: { points: 30, duration: 60 * 60 },
  /** Wrong emails for one order code from one address. */
  failuresPerIpAndCode: { points: 10, duration: 60 * 60 },
};

export type LookupLimits = LimitsOf<typeof LOOKUP_LIMIT_RULES>;

/** A payment as the payments module keeps it: only whether it settled the order matters here. */
export interface RefundablePayment {
  outcome: string | null;
}

/** A refund Paystack accepted, as recorded for one payment. */
export interface RecordedRefund {
  id: string;
  /** pending, processing or processed. */
  status: string;
  amountKobo: number;
  reference: string;
}

/**
 * What the organiser's refund asks of the payments module (its PaymentsService): declared
 * here, so orders imports nothing of payments and payments depends on orders' settlement
 * alone (decision 060).
 */
export interface OrderRefunds {
  readonly refundsThroughPaystack: boolean;
  paymentOf(orderId: string, reference: string): Promise<RefundablePayment | undefined>;
  paymentsToRefund(orderId: string): Promise<RefundablePayment[]>;
  refund(payment: RefundablePayment, note: string): Promise<RecordedRefund>;
}

export interface OrdersManageOptions {
  /** Rows per query of a CSV export. */
  exportBatchSize: number;
}

const EXPORT_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'Order code', value: (r) => r.code },
  { header: 'Event', value: (r) => r.event_title },
  { header: 'Status', value: (r) => r.status },
  { header: 'First name', value: (r) => r.first_name },
  { header: 'Last name', value: (r) => r.last_name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Tickets', value: (r) => r.quantity },
  { header: 'Ticket types', value: (r) => r.tickets },
  { header: 'Admits', value: (r) => r.admits },
  { header: 'Ticket holders', value: (r) => holdersCell(r.ticket_names) },
  { header: 'Subtotal (NGN)', value: (r) => nairaCell(r.subtotal_kobo) },
  { header: 'Discount (NGN)', value: (r) => nairaCell(r.discount_kobo) },
  { header: 'Fee (NGN)', value: (r) => nairaCell(r.fee_kobo) },
  { header: 'Fee paid by', value: (r) => (r.fee_mode === 'pass' ? 'buyer' : 'organiser') },
  { header: 'Total (NGN)', value: (r) => nairaCell(r.total_kobo) },
  { header: 'Promo code', value: (r) => r.promo_code },
  { header: 'Payment method', value: (r) => r.payment_method },
  { header: 'Payment reference', value: (r) => r.payment_ref },
  { header: 'Ordered (Lagos)', value: (r) => lagosTime(r.created_at) },
  { header: 'Paid (Lagos)', value: (r) => lagosTime(r.paid_at) },
  { header: 'Checked in (Lagos)', value: (r) => lagosTime(r.attended_at) },
];

/**
 * The names given to an order's tickets, in ticket order: "2: Kemi Adeyemi; 3: Ada Holder
 * (sent)" — a sent ticket is its holder's own order, with its own row (decision 080).
 */
function holdersCell(names: ExportRow['ticket_names']): string {
  if (!names?.length) return '';
  return [...names]
    .sort((a, b) => a.index - b.index)
    .map((n) => `${n.index}: ${n.firstName} ${n.lastName}${n.orderId ? ' (sent)' : ''}`)
    .join('; ');
}

type ExportRowWithAnswers = ExportRow & { answers?: Map<string, AnswerRow[]> };

/** Each order's answers by question (the export's answer columns). */
function withAnswers(rows: ExportRow[], answers: (AnswerRow & { order_id: string })[]) {
  const byOrder = new Map<string, Map<string, AnswerRow[]>>();
  for (const a of answers) {
    let of = byOrder.get(a.order_id);
    if (!of) byOrder.set(a.order_id, (of = new Map()));
    const list = of.get(a.question_id);
    if (list) list.push(a);
    else of.set(a.question_id, [a]);
  }
  return rows.map((r): ExportRowWithAnswers => ({ ...r, answers: byOrder.get(r.id) }));
}

/**
 * A question's cell (decision 079): the answer for a question asked once per order; for one
 * asked per ticket, every ticket's answer in ticket order as "1: Ada; 2: Bola".
 */
function answerCell(answers: AnswerRow[] | undefined): string {
  if (!answers || answers.length === 0) return '';
  if (answers.length === 1 && answers[0]!.ticket === 0) return answers[0]!.value;
  return answers.map((a) => `${a.ticket}: ${a.value}`).join('; ');
}

/**
 * The organiser's side of orders (list, detail, actions, export) and the buyer's lookup.
 * Every organiser call is scoped to the caller's events: another organiser's order or
 * event is "not found" (DESIGN §3).
 */
export class OrdersManageService {
  constructor(
    private readonly db: Db,
    private readonly orders: Pick<OrdersService, 'organiser' | 'transfers'>,
    private readonly limits: LookupLimits,
    private readonly options: OrdersManageOptions,
    private readonly log: FastifyBaseLogger,
    private readonly payments: OrderRefunds,
  ) {}

  private waitingFor: ((ticketTypeIds: string[]) => Promise<number>) | undefined;

  /** Set once at start-up (app.ts): the waiting list's count, for the refund dialog. */
  onWaitingCount(count: (ticketTypeIds: string[]) => Promise<number>): void {
    this.waitingFor = count;
  }

  async list(ownerId: string, query: ListQuery): Promise<ManageOrderPage> {
    const filters = await this.filters(ownerId, query);
    const { rows, total } = await manageRepo.listOrders(this.db, filters, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      items: rows.map(toListItem),
      total,
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(total / query.pageSize),
    };
  }

  async recent(ownerId: string, limit: number): Promise<ManageOrderListItem[]> {
    return (await manageRepo.recentOrders(this.db, ownerId, limit)).map(toListItem);
  }

  async detail(ownerId: string, orderId: string): Promise<ManageOrderDto> {
    const row = isUuid(orderId) ? await manageRepo.findOrderDetail(this.db, orderId) : undefined;
    if (!row || row.owner_id !== ownerId) throw notFound(ORDER_NOT_FOUND);
    const [items, event, history, answers] = await Promise.all([
      repo.findOrderItems(this.db, [row.id]),
      inventoryService.event(this.db, row.event_id),
      manageRepo.findHistory(this.db, row.id),
      questionLookup.answersOf(this.db, [row.id]),
    ]);
    const waitingList =
      row.status === 'completed' && this.waitingFor
        ? await this.waitingFor([...new Set(items.map((i) => i.ticket_type_id))])
        : undefined;
    return {
      ...toManageOrderDto(row, items, event!, history, {
        waitingList,
        refundsThroughPaystack: this.payments.refundsThroughPaystack,
        answers,
      }),
      // Each ticket and whose it is, or the group order a sent ticket came from (decision 080).
      ...(await namedView(this.db, row, items, event!)),
    };
  }

  async resendTickets(
    ownerId: string,
    orderId: string,
    actorUserId = ownerId,
  ): Promise<ManageOrderDto> {
    await this.detail(ownerId, orderId);
    await this.orders.organiser.resendTickets(ownerId, orderId, actorUserId);
    return this.detail(ownerId, orderId);
  }

  /** Transfers the order on its buyer's behalf: new holder, new code (decision 033). */
  async transfer(
    ownerId: string,
    orderId: string,
    { orderCode, ...to }: TransferTo & { orderCode?: string | undefined },
    actorUserId = ownerId,
  ): Promise<ManageOrderDto> {
    await this.detail(ownerId, orderId);
    await this.orders.transfers.transferForOwner(ownerId, orderId, to, actorUserId, orderCode);
    return this.detail(ownerId, orderId);
  }

  async markPaid(ownerId: string, orderId: string, actorUserId = ownerId): Promise<ManageOrderDto> {
    await this.detail(ownerId, orderId);
    await this.orders.organiser.markPaid(ownerId, orderId, actorUserId);
    return this.detail(ownerId, orderId);
  }

  async cancel(
    ownerId: string,
    orderId: string,
    reason: string | undefined,
    actorUserId = ownerId,
  ) {
    await this.detail(ownerId, orderId);
    await this.orders.organiser.cancel(ownerId, orderId, reason ?? null, actorUserId);
    return this.detail(ownerId, orderId);
  }

  /**
   * Refunds an order (docs/decisions/017-paystack-refunds.md). With Paystack enabled, money
   * goes back through its Refund API first — every payment the order could not take (a
   * late payment after the tickets sold out, a wrong amount, a second payment), and, for a
   * completed order, the payment that paid it — and only then is the order marked
   * refunded (its tickets back on sale) or, with nothing else to do, no longer flagged.
   * If Paystack refuses or cannot be reached the order stays as it was (a readable 502);
   * a retry does not refund a payment twice. Without Paystack (or for an order paid
   * offline) it only marks the order refunded, as before: the money goes back by hand.
   */
  async refund(
    ownerId: string,
    orderId: string,
    reason: string | undefined,
    actorUserId = ownerId,
  ): Promise<{ order: ManageOrderDto; refunded: RecordedRefund[] }> {
    const order = await this.detail(ownerId, orderId);
    const refunded: RecordedRefund[] = [];
    const note = `Gatepass order ${order.orderCode}${reason ? `: ${reason}` : ''}`;
    if (this.payments.refundsThroughPaystack) {
      const own =
        order.status === 'completed' &&
        order.payment.method === 'paystack' &&
        order.payment.reference
          ? await this.payments.paymentOf(order.id, order.payment.reference)
          : undefined;
      const flagged = await this.payments.paymentsToRefund(order.id);
      if (!own && flagged.length === 0 && order.status !== 'completed') {
        throw new AppError(
          409,
          'CONFLICT',
          `This order cannot be refunded: it is ${order.status}, with no payment to return.`,
        );
      }
      for (const payment of flagged) refunded.push(await this.payments.refund(payment, note));
      if (own && own.outcome === 'completed') {
        refunded.push(await this.payments.refund(own, note));
      }
    }
    const summary = refunded.map(
      (r) => `${formatKobo(r.amountKobo)} refunded through Paystack (refund ${r.id}, ${r.status})`,
    );
    if (order.status === 'completed') {
      await this.orders.organiser.refund(
        ownerId,
        orderId,
        [reason, ...summary].filter(Boolean).join('. ') || null,
        actorUserId,
        {
          note: reason ?? null,
          // Everything that went back through Paystack now (a second payment included).
          paystackKobo: refunded.reduce((sum, r) => sum + r.amountKobo, 0),
        },
      );
    } else if (refunded.length > 0) {
      await this.db.transaction().execute(async (trx) => {
        await manageRepo.clearNeedsRefund(trx, order.id);
        await repo.addHistory(trx, [
          { orderId: order.id, kind: 'refund', detail: summary.join('. '), actorUserId },
        ]);
      });
    } else {
      await this.orders.organiser.refund(ownerId, orderId, reason ?? null, actorUserId); // 409: nothing to refund
    }
    if (refunded.length) this.log.info({ orderId, refunds: refunded.length }, 'order refunded');
    return { order: await this.detail(ownerId, orderId), refunded };
  }

  /**
   * The filtered orders as a CSV stream. Filters (and the event's owner) are checked before
   * the first byte, so a refusal is still a clean JSON error.
   */
  async exportCsv(ownerId: string, query: ExportQuery): Promise<Readable> {
    const filters = await this.filters(ownerId, query);
    const size = this.options.exportBatchSize;
    const db = this.db;
    // One column per question of the exported events (decision 079), known before the first byte.
    const questions = await questionLookup.exportColumns(db, ownerId, filters.eventId);
    async function* batches() {
      let after: manageRepo.ExportCursor | null = null;
      for (;;) {
        const rows = await manageRepo.exportBatch(db, filters, after, size);
        if (rows.length > 0) {
          yield questions.length > 0 ? withAnswers(rows, await answersOf(rows)) : rows;
        }
        if (rows.length < size) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.cursor_at, id: last.id };
      }
    }
    const answersOf = (rows: ExportRow[]) =>
      questionLookup.answersOf(
        db,
        rows.map((r) => r.id),
      );
    const columns: CsvColumn<ExportRowWithAnswers>[] = [
      ...EXPORT_COLUMNS,
      ...questions.map((q) => ({
        header: q.label,
        value: (r: ExportRowWithAnswers) => answerCell(r.answers?.get(q.id)),
      })),
    ];
    return csvStream(columns, batches(), (err) =>
      this.log.error({ err }, 'orders CSV export failed mid-stream'),
    );
  }

  // The buyer's lookup ----------------------------------------------------------------------

  /**
   * The order for someone who knows its code and its email, with a fresh access token that
   * reads it like the checkout's own. Rate-limited per address and per code; a wrong code
   * and a wrong email get the same answer.
   */
  async lookup(
    code: string,
    email: string,
    ip: string,
  ): Promise<{ order: OrderDto; accessToken: string }> {
    const pair = `${ip}|${code}`;
    await this.limits.perIp.consume(ip);
    await this.limits.failuresPerIp.check(ip);
    await this.limits.failuresPerIpAndCode.check(pair);
    const order = await manageRepo.findOrderByCode(this.db, code);
    const expected = Buffer.from(sha256(order ? order.email.trim().toLowerCase() : 'no order'));
    const given = Buffer.from(sha256(email.trim().toLowerCase()));
    if (!order || !timingSafeEqual(expected, given)) {
      await this.limits.failuresPerIp.penalise(ip);
      await this.limits.failuresPerIpAndCode.penalise(pair);
      throw notFound(LOOKUP_NOT_FOUND);
    }
    const accessToken = newToken();
    await manageRepo.insertAccessToken(
      this.db,
      order.id,
      sha256(accessToken),
      new Date(Date.now() + LOOKUP_TOKEN_HOURS * 3_600_000),
    );
    const [items, event] = await Promise.all([
      repo.findOrderItems(this.db, [order.id]),
      inventoryService.event(this.db, order.event_id),
    ]);
    return { order: toOrderDto(order, items, event!), accessToken };
  }

  // Holds ------------------------------------------------------------------------------------

  /** The event's open holds: who, how many tickets, until when, offline-confirmed or not. */
  async holds(ownerId: string, eventId: string): Promise<EventHoldDto[]> {
    await this.ownedEvent(ownerId, eventId);
    const rows = await this.orders.organiser.openHolds(eventId);
    return rows.map(toHoldDto);
  }

  /** Ends one hold of the organiser's event; another organiser's order is 404. */
  releaseHold(ownerId: string, orderId: string, actorUserId = ownerId): Promise<OrderDto> {
    if (!isUuid(orderId)) throw notFound('This order was not found.');
    return this.orders.organiser.releaseHold(ownerId, orderId, actorUserId);
  }

  // Internals ------------------------------------------------------------------------------

  private async filters(ownerId: string, query: ExportQuery): Promise<OrderFilters> {
    if (query.eventId) await this.ownedEvent(ownerId, query.eventId);
    const window = dateRangeWindow(query.from, query.to);
    return {
      ownerId,
      q: query.q,
      eventId: query.eventId,
      status: query.status,
      from: window.from,
      to: window.to,
    };
  }

  // What promos asks of orders (decision 060) ---------------------------------------------

  /** What each code's completed orders add up to, by code id (codes no order used: absent). */
  async promoUsage(promoIds: string[]): Promise<Map<string, PromoUsage>> {
    const rows = await repo.findPromoUsage(this.db, promoIds);
    return new Map(
      rows.map((r) => [
        r.promo_code_id!,
        {
          completedOrders: r.completed_orders,
          tickets: r.tickets,
          discountKobo: r.discount_kobo,
          revenueKobo: r.revenue_kobo,
        },
      ]),
    );
  }

  /** Orders of any status that used the code (in the caller's transaction, `db`). */
  ordersUsingPromo(db: Db, promoId: string): Promise<number> {
    return repo.countOrdersUsingPromo(db, promoId);
  }

  /** The caller's event, or 404 (also for another organiser's). */
  async ownedEvent(ownerId: string, eventId: string): Promise<SaleEvent> {
    const event = isUuid(eventId) ? await inventoryService.event(this.db, eventId) : undefined;
    if (!event || event.owner_id !== ownerId) throw notFound(EVENT_NOT_FOUND);
    return event;
  }
}
