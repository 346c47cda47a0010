import { orderAnswerDto } from './questions.ts';
import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { emailField } from './auth.ts';
import { ORDER_STATUSES, PAYMENT_METHODS, orderDto } from './orders.ts';

/**
 * The organiser's orders (web `/events/manage/orders/`) and the buyer's order lookup
 * (web `/orders/{code}`). Money is whole naira, as everywhere in the API; dates are ISO
 * instants; date filters are calendar days in Africa/Lagos.
 */

export const MANAGE_LIMITS = {
  searchMax: 120,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  reasonMax: 500,
} as const;

/** A calendar day ("2026-12-05"), read in Africa/Lagos time by the server. */
export const dateOnlyField = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-12-05.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-12-05.`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, `${label} must be a real date.`);

/** An id in a query string or path: checked by the server, which answers 404 for a bad one. */
export const idField = z.string().trim().max(64, 'This id is not recognised.');

const pageFields = {
  page: z.coerce
    .number({ error: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page must be at least 1.')
    .max(100_000, 'Page is too large.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number.' })
    .int('Page size must be a whole number.')
    .min(1, 'Page size must be at least 1.')
    .max(MANAGE_LIMITS.pageSizeMax, `Page size must be at most ${MANAGE_LIMITS.pageSizeMax}.`)
    .default(MANAGE_LIMITS.pageSizeDefault),
};

const fromBeforeTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const fromBeforeToMessage = {
  message: 'The start date must not be after the end date.',
  path: ['to'],
};

/** The filters of the orders list and of its CSV export. */
export const manageOrdersFilterFields = {
  /** Matches the buyer's name, email or phone (contains) and the order code (starts with). */
  q: z
    .string()
    .trim()
    .max(MANAGE_LIMITS.searchMax, 'The search is too long.')
    .optional()
    .transform((v) => v || undefined),
  eventId: idField.optional(),
  status: z
    .enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}.` })
    .optional(),
  /** Orders placed on or after this Lagos day. */
  from: dateOnlyField('From').optional(),
  /** Orders placed on or before this Lagos day. */
  to: dateOnlyField('To').optional(),
};

export const manageOrdersExportQuery = z
  .object(manageOrdersFilterFields)
  .refine(fromBeforeTo, fromBeforeToMessage);
export type ManageOrdersExportQuery = z.input<typeof manageOrdersExportQuery>;

export const manageOrdersQuery = z
  .object({ ...manageOrdersFilterFields, ...pageFields })
  .refine(fromBeforeTo, fromBeforeToMessage);
export type ManageOrdersQuery = z.input<typeof manageOrdersQuery>;

/** Who bought an order, how many tickets, and what and how they pay: in lists and holds alike. */
const orderBuyerFields = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  quantity: z.number(),
  /** Naira the buyer pays (or paid). */
  totalPrice: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
};

export const manageOrderListItem = z.object({
  id: z.string(),
  orderCode: z.string(),
  status: z.enum(ORDER_STATUSES),
  eventId: z.string(),
  eventTitle: z.string(),
  ...orderBuyerFields,
  /** Paid with the TEST provider (test mode): no money. */
  testPayment: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  attendedAt: z.string().nullable(),
  /** A ticket sent to its holder from a group order: that order's code (decision 080). */
  parentOrderCode: z.string().optional(),
  /** Names given to this order's tickets still on it (decision 080). */
  holders: z.array(z.string()).optional(),
});
export type ManageOrderListItem = z.infer<typeof manageOrderListItem>;

export const manageOrderPage = z.object({
  items: z.array(manageOrderListItem),
  /** Orders matching the filters, on every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
});
export type ManageOrderPage = z.infer<typeof manageOrderPage>;

export const orderHistoryEntry = z.object({
  /** created, payment_method, payment_failed, paid, expired, cancelled, refunded, tickets_resent, … */
  kind: z.string(),
  detail: z.string().nullable(),
  /** Who did it (the organiser's or buyer's full name), when someone signed in did. */
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

/** One order as the organiser sees it: the buyer's view plus payment, check-in, history. */
export const manageOrderDto = orderDto.extend({
  payment: z.object({
    method: z.enum(PAYMENT_METHODS).nullable(),
    /** The provider's reference, when there is one. */
    reference: z.string().nullable(),
    paidAt: z.string().nullable(),
  }),
  checkIn: z.object({
    attendedAt: z.string().nullable(),
    /** Full name of whoever scanned it in. */
    attendedBy: z.string().nullable(),
  }),
  cancelledAt: z.string().nullable(),
  updatedAt: z.string(),
  /** Newest last. */
  history: z.array(orderHistoryEntry),
  /** What the organiser may do now (the server checks again). */
  actions: z.object({
    resendTickets: z.boolean(),
    markPaid: z.boolean(),
    cancel: z.boolean(),
    refund: z.boolean(),
    /** Completed, not checked in, event not over: the organiser may transfer it (decision 033). */
    transfer: z.boolean(),
  }),
  /**
   * People on the waiting list of this order's ticket types: tickets that come back (a
   * refund, a cancellation) are offered to them first (issue 24 §1, the refund dialog).
   */
  waitingList: z.number().int().nonnegative().optional(),
  /** The buyer's answers to the event's questions (issue 25 §1): per order first, then per ticket. */
  answers: z.array(orderAnswerDto),
});
export type ManageOrderDto = z.infer<typeof manageOrderDto>;

export const orderActionBody = z
  .object({
    /** Kept in the order's history. */
    reason: z
      .string()
      .trim()
      .max(
        MANAGE_LIMITS.reasonMax,
        `The reason must be at most ${MANAGE_LIMITS.reasonMax} characters.`,
      )
      .optional()
      .transform((v) => v || undefined),
  })
  // The body may be left out (or be null).
  .nullish()
  .transform((v) => ({ reason: v?.reason }));
export type OrderActionBody = z.input<typeof orderActionBody>;

// The buyer's lookup ----------------------------------------------------------------------

export const orderLookupBody = z.object({
  /** The 8 digits from the confirmation mail; spaces are ignored. */
  orderCode: z
    .string({ error: 'Order code is required.' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Order code is required.')
        .regex(
          new RegExp(`^\\d{${LIMITS.orderCodeLength}}$`),
          `The order code is the ${LIMITS.orderCodeLength} digits in your confirmation email.`,
        ),
    ),
  email: emailField,
});
export type OrderLookupBody = z.input<typeof orderLookupBody>;

export const orderLookupResponse = z.object({
  data: z.object({
    order: orderDto,
    /** Reads this order as the checkout's token does (X-Order-Token), for 24 hours. */
    accessToken: z.string(),
  }),
  message: z.string().optional(),
});
export type OrderLookupResponse = z.infer<typeof orderLookupResponse>;

/** An open hold of an event (a pending order), as its organiser sees it (decision 025). */
export const eventHoldDto = z.object({
  orderId: z.string(),
  orderCode: z.string(),
  ...orderBuyerFields,
  /** The tickets go back on sale then, unless the order is paid. */
  reservedUntil: z.string(),
  /** Offline order whose buyer confirmed their email (it holds for the event's offline hold). */
  holdConfirmedAt: z.string().nullable(),
  /** A waiting-list offer held for the person in line until `reservedUntil` (decision 032). */
  waitlistOffer: z.boolean(),
  createdAt: z.string(),
});
export type EventHoldDto = z.infer<typeof eventHoldDto>;

export const eventHoldsQuery = z.object({
  eventId: idField,
});
