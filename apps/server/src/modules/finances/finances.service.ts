import type { Readable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import {
  DEFAULT_TIME_ZONE,
  FINANCE_LIMITS,
  koboToNaira,
  type FinancesDto,
  type financesQuery,
  type MoneyFigures,
  type OrganiserHomeDto,
  type PayoutLedgerDto,
} from '@gatepass/shared';
import { format } from 'date-fns';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { eventLookup } from '../events/events.lookup.ts';
import { dateRangeWindow } from '../events/events.time.ts';
import { csvStream, lagosTime, nairaCell, type CsvColumn } from '../orders/orders.manage.csv.ts';
import type { OrdersManageService } from '../orders/orders.manage.service.ts';
import type { PaystackProvider } from '../payments/paystack.provider.ts';
import { PayoutLedger } from './finances.payouts.ts';
import * as repo from './finances.repository.ts';
import type { FigureRow, FinanceExportRow, FinanceFilters } from './finances.repository.ts';

type Query = z.output<typeof financesQuery>;

const DAY_MS = 86_400_000;
const TIME_ZONE = DEFAULT_TIME_ZONE;

export function toFigures(row: FigureRow): MoneyFigures {
  return {
    orders: row.orders,
    tickets: row.tickets,
    faceValue: koboToNaira(row.face_kobo),
    discounts: koboToNaira(row.discount_kobo),
    gross: koboToNaira(row.gross_kobo),
    fees: koboToNaira(row.fee_kobo),
    feesPassed: koboToNaira(row.fee_passed_kobo),
    feesAbsorbed: koboToNaira(row.fee_absorbed_kobo),
    net: koboToNaira(row.net_kobo),
  };
}

const nextDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** Today's date in Lagos ("2026-11-21"). */
const lagosDay = (now: Date) => format(new TZDate(now.getTime(), TIME_ZONE), 'yyyy-MM-dd');

const EXPORT_COLUMNS: CsvColumn<FinanceExportRow>[] = [
  { header: 'Paid (Lagos)', value: (r) => lagosTime(r.paid_at) },
  { header: 'Order code', value: (r) => r.code },
  { header: 'Event', value: (r) => r.event_title },
  { header: 'Tickets', value: (r) => r.quantity },
  { header: 'Face value (NGN)', value: (r) => nairaCell(r.subtotal_kobo) },
  { header: 'Discount (NGN)', value: (r) => nairaCell(r.discount_kobo) },
  { header: 'Gross (NGN)', value: (r) => nairaCell(r.total_kobo) },
  { header: 'Fee (NGN)', value: (r) => nairaCell(r.fee_kobo) },
  { header: 'Fee paid by', value: (r) => (r.fee_mode === 'pass' ? 'buyer' : 'organiser') },
  { header: 'Net (NGN)', value: (r) => nairaCell(r.total_kobo - r.fee_kobo) },
  { header: 'Payment method', value: (r) => r.payment_method },
  { header: 'Payment reference', value: (r) => r.payment_ref },
];

/**
 * The organiser's money from completed orders (docs/decisions/010-finances.md): totals,
 * a table per event, daily sales in Lagos days, and the same as a streamed CSV.
 */
export class FinancesService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersManageService,
    private readonly exportBatchSize: number,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
    paystack?: PaystackProvider,
  ) {
    this.payoutLedger = new PayoutLedger(db, paystack, log);
  }

  private readonly payoutLedger: PayoutLedger;

  /** The payout ledger of the filter (Paystack split payments and their refunds). */
  async payouts(ownerId: string, query: Query): Promise<PayoutLedgerDto> {
    return this.payoutLedger.ledger(await this.filters(ownerId, query));
  }

  async payoutsCsv(ownerId: string, query: Query): Promise<Readable> {
    return this.payoutLedger.csv(await this.filters(ownerId, query));
  }

  async report(ownerId: string, query: Query): Promise<FinancesDto> {
    const filters = await this.filters(ownerId, query);
    const [totals, events, days, testOrders] = await Promise.all([
      repo.totals(this.db, filters),
      repo.perEvent(this.db, filters),
      repo.daily(this.db, filters, TIME_ZONE),
      repo.testOrders(this.db, filters),
    ]);
    return {
      range: { from: query.from ?? null, to: query.to ?? null, timeZone: TIME_ZONE },
      eventId: query.eventId ?? null,
      totals: toFigures(totals),
      testOrdersLeftOut: testOrders,
      events: events.map((e) => ({
        eventId: e.event_id,
        title: e.title,
        slug: e.slug,
        status: e.status,
        startAt: e.start_at ? e.start_at.toISOString() : null,
        ...toFigures(e),
      })),
      daily: this.fillDays(days, query),
    };
  }

  /** Completed orders of the filter, one row each, streamed as CSV in payment order. */
  async exportCsv(ownerId: string, query: Query): Promise<Readable> {
    const filters = await this.filters(ownerId, query);
    const { db, exportBatchSize: size } = this;
    async function* batches() {
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const rows = await repo.exportBatch(db, filters, after, size);
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.cursor_at, id: last.id };
      }
    }
    return csvStream(EXPORT_COLUMNS, batches(), (err) =>
      this.log.error({ err }, 'finances CSV export failed mid-stream'),
    );
  }

  async home(ownerId: string): Promise<OrganiserHomeDto> {
    const now = this.now();
    const today = lagosDay(now);
    const monthAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const [all, last30, pending, counts, upcoming, recentOrders] = await Promise.all([
      repo.totals(this.db, { ownerId }),
      repo.totals(this.db, { ownerId, ...dateRangeWindow(monthAgo, today) }),
      repo.pendingFigures(this.db, ownerId),
      eventLookup.counts(this.db, ownerId, now),
      repo.upcomingEvents(this.db, ownerId, now, 5),
      this.orders.recent(ownerId, 5),
    ]);
    return {
      totals: { ...toFigures(all), ticketsHeld: pending.tickets, pendingOrders: pending.orders },
      last30Days: toFigures(last30),
      events: counts,
      upcoming: upcoming.map((e) => ({
        id: e.id,
        slug: e.slug,
        title: e.title,
        startAt: e.start_at ? e.start_at.toISOString() : null,
        sold: e.sold ?? 0,
        held: e.held ?? 0,
        capacity: e.capacity ?? 0,
        gross: koboToNaira(e.gross_kobo ?? 0),
      })),
      recentOrders,
    };
  }

  private async filters(ownerId: string, query: Query): Promise<FinanceFilters> {
    if (
      query.from &&
      query.to &&
      daysBetween(query.from, query.to) + 1 > FINANCE_LIMITS.rangeDaysMax
    ) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `Choose a date range of at most ${FINANCE_LIMITS.rangeDaysMax} days.`,
      );
    }
    if (query.eventId) await this.orders.ownedEvent(ownerId, query.eventId);
    return { ownerId, eventId: query.eventId, ...dateRangeWindow(query.from, query.to) };
  }

  /**
   * Every day from the range's start (or the first sale) to its end (or the last sale),
   * with zeros where nothing sold; only the days with sales when that span is too long.
   */
  private fillDays(rows: repo.DayRow[], query: Query): FinancesDto['daily'] {
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const first = query.from ?? rows[0]?.day;
    const lastSale = rows[rows.length - 1]?.day;
    let last = query.to ?? lastSale;
    if (first && last && last < first) last = first;
    const toDto = (day: string) => {
      const r = byDay.get(day);
      return {
        date: day,
        orders: r?.orders ?? 0,
        tickets: r?.tickets ?? 0,
        gross: koboToNaira(r?.gross_kobo ?? 0),
        net: koboToNaira(r?.net_kobo ?? 0),
      };
    };
    if (!first || !last || daysBetween(first, last) + 1 > FINANCE_LIMITS.rangeDaysMax) {
      return rows.map((r) => toDto(r.day));
    }
    const out: FinancesDto['daily'] = [];
    for (let day = first; day <= last; day = nextDay(day)) out.push(toDto(day));
    return out;
  }
}
