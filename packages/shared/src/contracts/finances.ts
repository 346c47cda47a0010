import { z } from 'zod';
import { EVENT_STATUSES } from '../event-values.ts';
import { dateOnlyField, idField, manageOrderListItem } from './manage.ts';

/**
 * The organiser's money (web `/events/manage/financies/`), from completed orders only
 * (refunded, cancelled, expired and pending ones never count), by the day each was paid
 * in Africa/Lagos. Whole naira; the server adds integer kobo.
 *
 * Per order, and so for every total (docs/decisions/ on finances):
 * - `faceValue`  the tickets at their price (the order's subtotal);
 * - `discounts`  promo-code discounts;
 * - `gross`      what buyers paid: faceValue − discounts + the fee when passed to the buyer;
 * - `fees`       the service fee (feeFor), whoever bore it; split into `feesPassed`
 *                (paid by buyers on top) and `feesAbsorbed` (taken from the organiser's price);
 * - `net`        what the organiser keeps: gross − fees
 *                (= faceValue − discounts − feesAbsorbed).
 */

export const FINANCE_LIMITS = {
  /** The longest date range, in days. */
  rangeDaysMax: 731,
} as const;

export const financesQuery = z
  .object({
    eventId: idField.optional(),
    from: dateOnlyField('From').optional(),
    to: dateOnlyField('To').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must not be after the end date.',
    path: ['to'],
  });
export type FinancesQuery = z.input<typeof financesQuery>;

export const moneyFigures = z.object({
  orders: z.number(),
  tickets: z.number(),
  faceValue: z.number(),
  discounts: z.number(),
  gross: z.number(),
  fees: z.number(),
  feesPassed: z.number(),
  feesAbsorbed: z.number(),
  net: z.number(),
});
export type MoneyFigures = z.infer<typeof moneyFigures>;

export const financesDto = z.object({
  range: z.object({
    /** Echo of the filter (Lagos days); null when open. */
    from: z.string().nullable(),
    to: z.string().nullable(),
    timeZone: z.string(),
  }),
  eventId: z.string().nullable(),
  totals: moneyFigures,
  /**
   * Completed orders of the filter paid with the TEST provider (test mode): no money, so
   * left out of every figure here, the CSV included (decision 023).
   */
  testOrdersLeftOut: z.number(),
  /** One row per event (drafts left out), most gross first. */
  events: z.array(
    moneyFigures.extend({
      eventId: z.string(),
      title: z.string(),
      slug: z.string(),
      status: z.enum(EVENT_STATUSES),
      startAt: z.string().nullable(),
    }),
  ),
  /**
   * Sales per Lagos day, oldest first: every day of the range (or from the first sale to
   * the last one when the range is open), days without sales as zeros.
   */
  daily: z.array(
    z.object({
      date: z.string(),
      orders: z.number(),
      tickets: z.number(),
      gross: z.number(),
      net: z.number(),
    }),
  ),
});
export type FinancesDto = z.infer<typeof financesDto>;

/** The organiser's home page (web `/events/manage/home`). */
export const organiserHomeDto = z.object({
  totals: moneyFigures.extend({
    /** Tickets in checkouts still holding them (pending orders). */
    ticketsHeld: z.number(),
    /** Orders waiting for payment (offline or in checkout). */
    pendingOrders: z.number(),
  }),
  /** The last 30 Lagos days, today included. */
  last30Days: moneyFigures,
  events: z.object({
    draft: z.number(),
    published: z.number(),
    cancelled: z.number(),
    /** Published and not yet ended. */
    upcoming: z.number(),
  }),
  /** The next five published events, soonest first. */
  upcoming: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      startAt: z.string().nullable(),
      sold: z.number(),
      held: z.number(),
      capacity: z.number(),
      gross: z.number(),
    }),
  ),
  /** The five latest orders (any status). */
  recentOrders: z.array(manageOrderListItem),
});
export type OrganiserHomeDto = z.infer<typeof organiserHomeDto>;
