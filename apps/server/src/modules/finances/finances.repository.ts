import type { Db } from '../../db/database.ts';
import { orderLookup, type FinanceFilters } from '../orders/orders.lookup.ts';
import { paymentLookup } from '../payments/payments.lookup.ts';

/**
 * Finances are read-only sums over completed orders of the organiser's events and their
 * payments. The module owns no table (decision 064): every statement is its owner's — the
 * sums are orders' (`orderLookup.finances`), the payout ledger is payments' — and this file
 * is where finances asks (decision 065, 077), so its service keeps one data interface.
 */
export type {
  DayRow,
  EventFigureRow,
  FigureRow,
  FinanceExportRow,
  FinanceFilters,
} from '../orders/orders.lookup.ts';
export type { PayoutPaymentRow } from '../payments/payments.lookup.ts';

export const { totals, testOrders, perEvent, daily, exportBatch, pendingFigures, upcomingEvents } =
  orderLookup.finances;

/** The organiser's split Paystack payments settled in the window, at most `limit`. */
export const payoutPayments = (db: Db, f: FinanceFilters, limit: number) =>
  paymentLookup.payoutPayments(db, f, limit);
