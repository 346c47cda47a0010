import { z } from 'zod';
import { PAYSTACK_CHANNELS, paystackChannelsField } from './payouts.ts';
import { DEFAULT_TIME_ZONE } from '../date.ts';
import { formatCount } from '../money.ts';
import {
  EVENT_CATEGORIES,
  EVENT_DATE_FILTERS,
  EVENT_LIMITS,
  EVENT_STATUSES,
  EVENT_VISIBILITIES,
  FEE_MODES,
  TICKET_AVAILABILITIES,
  TICKET_KINDS,
} from '../event-values.ts';

/**
 * Events and ticket types (DESIGN §2). Money crosses the API in whole naira (`price`,
 * `lowestPrice`, `gross`): the organiser types naira and buyers read naira. The server
 * stores integer kobo and converts at its edge, so no client ever does money arithmetic
 * on floats.
 *
 * Date-times are ISO 8601. A value with an offset or `Z` is an instant; a value without
 * one ("2026-12-05T19:00", what an <input type="datetime-local"> gives) is a wall-clock
 * time in the event's `timeZone`. Answers carry instants in UTC (`startAt`) and, for the
 * organiser's forms, the wall-clock value in the event's zone (`startLocal`).
 */

// Fields ------------------------------------------------------------------------------

/** Absent stays absent (a partial update leaves it alone); blank or null means "clear it". */
const blankToNull = <T extends string>(v: T | null | undefined): T | null | undefined =>
  v === undefined ? undefined : v ? v : null;

/** Optional text: blank means "not set" (stored as null), so a cleared form field clears. */
const optionalText = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).nullish().transform(blankToNull);

export const isValidTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const timeZoneField = z
  .string({ error: 'Time zone is required.' })
  .trim()
  .min(1, 'Time zone is required.')
  .max(64, 'Time zone is not recognised.')
  .refine(isValidTimeZone, 'Time zone is not recognised (use a name like Africa/Lagos).');

/** An instant (with offset) or a wall-clock time in the event's zone (without one). */
const isoDateTime = z.iso.datetime({ offset: true, local: true });
const optionalDateTime = (label: string) =>
  z
    .string({ error: `${label} must be a date and time.` })
    .trim()
    .refine(
      (v) => v === '' || isoDateTime.safeParse(v).success,
      `${label} must be a date and time.`,
    )
    .nullish()
    .transform(blankToNull);

const hasOffset = (value: string) => /(?:z|[+-]\d{2}:?\d{2})$/i.test(value);

/**
 * True when `end` is at or before `start`. Both must be written the same way (two
 * wall-clock times in the event's zone, or two instants); a mixed or unreadable pair is
 * left to the server, which compares the stored instants. Shared so the wizard says it
 * beside the field instead of sending a PATCH the server refuses.
 */
export function endsNotAfterStart(
  start: string | null | undefined,
  end: string | null | undefined,
): boolean {
  if (!start || !end) return false;
  const instants = hasOffset(start);
  if (instants !== hasOffset(end)) return false;
  const ms = (value: string) => Date.parse(instants ? value : `${value}Z`);
  const [s, e] = [ms(start), ms(end)];
  return Number.isFinite(s) && Number.isFinite(e) && e <= s;
}

export const END_BEFORE_START = 'The end time must be after the start time.';
export const SALES_END_BEFORE_START = 'Sales must end after they start.';
export const SUGGESTED_BELOW_MINIMUM = 'The suggested amount must be at least the minimum.';
export const MAX_BELOW_MIN = 'Maximum per order cannot be less than the minimum.';

const datesInOrder = {
  check: (v: { startAt?: string | null | undefined; endAt?: string | null | undefined }) =>
    !endsNotAfterStart(v.startAt, v.endAt),
  params: { path: ['endAt'], message: END_BEFORE_START },
};

const onlineUrlField = z
  .string()
  .trim()
  .max(EVENT_LIMITS.urlMax, 'The online link is too long.')
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
    message: 'The online link must be a web address starting with http:// or https://.',
  })
  .nullish()
  .transform((v) => (v ? v : null));

const categoryField = z.enum(EVENT_CATEGORIES, {
  error: `Category must be one of: ${EVENT_CATEGORIES.join(', ')}.`,
});

const titleField = z
  .string({ error: 'Title is required.' })
  .trim()
  .min(1, 'Title is required.')
  .max(EVENT_LIMITS.titleMax, `Title must be at most ${EVENT_LIMITS.titleMax} characters.`);

const eventFields = {
  title: titleField,
  summary: optionalText(
    EVENT_LIMITS.summaryMax,
    `Summary must be at most ${EVENT_LIMITS.summaryMax} characters.`,
  ),
  description: optionalText(
    EVENT_LIMITS.descriptionMax,
    `Description must be at most ${EVENT_LIMITS.descriptionMax} characters.`,
  ),
  category: categoryField,
  venueName: optionalText(
    EVENT_LIMITS.venueNameMax,
    `Venue name must be at most ${EVENT_LIMITS.venueNameMax} characters.`,
  ),
  address: optionalText(
    EVENT_LIMITS.addressMax,
    `Address must be at most ${EVENT_LIMITS.addressMax} characters.`,
  ),
  city: optionalText(
    EVENT_LIMITS.cityMax,
    `City must be at most ${EVENT_LIMITS.cityMax} characters.`,
  ),
  onlineUrl: onlineUrlField,
  startAt: optionalDateTime('Start'),
  endAt: optionalDateTime('End'),
  timeZone: timeZoneField,
  visibility: z.enum(EVENT_VISIBILITIES, { error: 'Visibility must be public or unlisted.' }),
  feeMode: z.enum(FEE_MODES, { error: 'Fee mode must be pass or absorb.' }),
  /** Buyers may choose to pay offline (bank transfer or at the venue); off unless chosen. */
  offlinePayment: z.boolean({ error: 'Offline payment must be on or off.' }),
  /** Hours a confirmed offline order holds its tickets. */
  offlineHoldHours: z
    .number({ error: 'Offline hold must be a number of hours.' })
    .int('Offline hold must be a whole number of hours.')
    .min(1, 'Offline hold must be at least 1 hour.')
    .max(
      EVENT_LIMITS.offlineHoldHoursMax,
      `Offline hold must be at most ${EVENT_LIMITS.offlineHoldHoursMax} hours.`,
    ),
  coverImageId: z.uuid({ error: 'Cover image is not recognised.' }).nullish(),
  /** Buyers may transfer their orders to someone else (decision 033; allowed by default). */
  allowTransfers: z.boolean({ error: 'Transfers must be allowed or not.' }),
  /** The Paystack channels its checkout offers (all four unless turned off). */
  paystackChannels: paystackChannelsField,
};

/**
 * Until when buyers may name their tickets' holders (issue 25 §2, decision 080): an ISO
 * time, or null for "until the event starts".
 */
const ticketNamesUntilField = z.iso
  .datetime({ offset: true, error: 'The naming cut-off must be a date and time.' })
  .nullable();

/** Creates a draft; only the title is needed, everything else can follow step by step. */
export const createEventBody = z
  .object({
    ...eventFields,
    category: eventFields.category.optional(),
    timeZone: eventFields.timeZone.optional(),
    visibility: eventFields.visibility.optional(),
    feeMode: eventFields.feeMode.optional(),
    offlinePayment: eventFields.offlinePayment.optional(),
    offlineHoldHours: eventFields.offlineHoldHours.optional(),
    allowTransfers: eventFields.allowTransfers.optional(),
    paystackChannels: eventFields.paystackChannels.optional(),
  })
  .refine(datesInOrder.check, datesInOrder.params);
export type CreateEventBody = z.input<typeof createEventBody>;

/** A partial update: absent fields stay, `null` or '' clears an optional one. */
export const updateEventBody = z
  .object({
    title: titleField.optional(),
    summary: eventFields.summary,
    description: eventFields.description,
    category: categoryField.optional(),
    venueName: eventFields.venueName,
    address: eventFields.address,
    city: eventFields.city,
    onlineUrl: eventFields.onlineUrl,
    startAt: eventFields.startAt,
    endAt: eventFields.endAt,
    timeZone: timeZoneField.optional(),
    visibility: eventFields.visibility.optional(),
    feeMode: eventFields.feeMode.optional(),
    offlinePayment: eventFields.offlinePayment.optional(),
    offlineHoldHours: eventFields.offlineHoldHours.optional(),
    coverImageId: eventFields.coverImageId,
    allowTransfers: eventFields.allowTransfers.optional(),
    ticketNamesUntil: ticketNamesUntilField.optional(),
    paystackChannels: eventFields.paystackChannels.optional(),
  })
  .refine(datesInOrder.check, datesInOrder.params);
export type UpdateEventBody = z.input<typeof updateEventBody>;

export const cancelEventBody = z.object({
  reason: z
    .string({ error: 'Please say why the event is cancelled.' })
    .trim()
    .min(1, 'Please say why the event is cancelled.')
    .max(
      EVENT_LIMITS.cancelReasonMax,
      `The reason must be at most ${EVENT_LIMITS.cancelReasonMax} characters.`,
    ),
});
export type CancelEventBody = z.input<typeof cancelEventBody>;

const wholeNumber = (label: string, min: number, max: number, minMessage: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, minMessage)
    .max(max, `${label} must be at most ${formatCount(max)}.`);

/** An access code as typed: trimmed, upper-case, letters, digits, - and _ (like promo codes). */
export const accessCodeField = z
  .string({ error: 'Access code is required.' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .min(3, 'An access code must be at least 3 characters.')
      .max(
        EVENT_LIMITS.accessCodeMax,
        `An access code must be at most ${EVENT_LIMITS.accessCodeMax} characters.`,
      )
      .regex(/^[A-Z0-9_-]+$/, 'An access code may only use letters, digits, - and _.'),
  );

const ticketTypeFields = {
  name: z
    .string({ error: 'Ticket name is required.' })
    .trim()
    .min(1, 'Ticket name is required.')
    .max(
      EVENT_LIMITS.ticketNameMax,
      `Ticket name must be at most ${EVENT_LIMITS.ticketNameMax} characters.`,
    ),
  description: optionalText(
    EVENT_LIMITS.ticketDescriptionMax,
    `Ticket description must be at most ${EVENT_LIMITS.ticketDescriptionMax} characters.`,
  ),
  /** Whole naira; 0 = free. */
  price: wholeNumber(
    'Price',
    0,
    EVENT_LIMITS.priceMax,
    'Price cannot be negative (use 0 for a free ticket).',
  ),
  capacity: wholeNumber('Capacity', 1, EVENT_LIMITS.capacityMax, 'Capacity must be at least 1.'),
  minPerOrder: wholeNumber(
    'Minimum per order',
    1,
    EVENT_LIMITS.perOrderMax,
    'Minimum per order must be at least 1.',
  ),
  maxPerOrder: wholeNumber(
    'Maximum per order',
    1,
    EVENT_LIMITS.perOrderMax,
    'Maximum per order must be at least 1.',
  ),
  salesStartAt: optionalDateTime('Sales start'),
  salesEndAt: optionalDateTime('Sales end'),
  hidden: z.boolean({ error: 'Hidden must be true or false.' }),
  position: wholeNumber('Position', 0, 10_000, 'Position cannot be negative.'),
  /** Decision 086. For pay what you want and donations, `price` is the minimum. */
  kind: z.enum(TICKET_KINDS, {
    error: 'Kind must be regular, pay what you want, donation or table.',
  }),
  /** Pay what you want / donation: the amount the page offers first (whole naira); null clears. */
  suggestedPrice: wholeNumber(
    'Suggested amount',
    0,
    EVENT_LIMITS.priceMax,
    'Suggested amount cannot be negative.',
  ).nullable(),
  /** Table: the people one ticket admits. */
  seats: wholeNumber(
    'Seats',
    EVENT_LIMITS.tableSeatsMin,
    EVENT_LIMITS.tableSeatsMax,
    `A table has at least ${EVENT_LIMITS.tableSeatsMin} seats.`,
  ),
  /** A hidden type's access codes (decision 087): whoever brings one may buy it. */
  accessCodes: z
    .array(accessCodeField, { error: 'Access codes must be a list.' })
    .max(
      EVENT_LIMITS.accessCodesMax,
      `A ticket type can have at most ${EVENT_LIMITS.accessCodesMax} access codes.`,
    )
    .transform((codes) => [...new Set(codes)]),
};

export const createTicketTypeBody = z
  .object({
    ...ticketTypeFields,
    price: ticketTypeFields.price.optional().default(0),
    minPerOrder: ticketTypeFields.minPerOrder.optional(),
    maxPerOrder: ticketTypeFields.maxPerOrder.optional(),
    hidden: ticketTypeFields.hidden.optional(),
    position: ticketTypeFields.position.optional(),
    kind: ticketTypeFields.kind.optional().default('regular'),
    suggestedPrice: ticketTypeFields.suggestedPrice.optional(),
    seats: ticketTypeFields.seats.optional(),
    accessCodes: ticketTypeFields.accessCodes.optional(),
  })
  .superRefine(ticketTypeRules)
  .superRefine((v, ctx) => {
    if (v.kind === 'table' && v.seats === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['seats'],
        message: 'Say how many people a table seats.',
      });
  });
export type CreateTicketTypeBody = z.input<typeof createTicketTypeBody>;

export const updateTicketTypeBody = z
  .object({
    name: ticketTypeFields.name.optional(),
    description: ticketTypeFields.description,
    price: ticketTypeFields.price.optional(),
    capacity: ticketTypeFields.capacity.optional(),
    minPerOrder: ticketTypeFields.minPerOrder.optional(),
    maxPerOrder: ticketTypeFields.maxPerOrder.optional(),
    salesStartAt: ticketTypeFields.salesStartAt,
    salesEndAt: ticketTypeFields.salesEndAt,
    hidden: ticketTypeFields.hidden.optional(),
    position: ticketTypeFields.position.optional(),
    kind: ticketTypeFields.kind.optional(),
    suggestedPrice: ticketTypeFields.suggestedPrice.optional(),
    seats: ticketTypeFields.seats.optional(),
    accessCodes: ticketTypeFields.accessCodes.optional(),
  })
  .superRefine(ticketTypeRules);
export type UpdateTicketTypeBody = z.input<typeof updateTicketTypeBody>;

/** Rules between two fields of a ticket type, when the body carries both. */
function ticketTypeRules(
  v: {
    minPerOrder?: number | undefined;
    maxPerOrder?: number | undefined;
    salesStartAt?: string | null | undefined;
    salesEndAt?: string | null | undefined;
    price?: number | undefined;
    suggestedPrice?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (
    v.price !== undefined &&
    v.suggestedPrice !== undefined &&
    v.suggestedPrice !== null &&
    v.suggestedPrice < v.price
  )
    ctx.addIssue({
      code: 'custom',
      path: ['suggestedPrice'],
      message: SUGGESTED_BELOW_MINIMUM,
    });
  if (v.minPerOrder !== undefined && v.maxPerOrder !== undefined && v.maxPerOrder < v.minPerOrder)
    ctx.addIssue({ code: 'custom', path: ['maxPerOrder'], message: MAX_BELOW_MIN });
  if (endsNotAfterStart(v.salesStartAt, v.salesEndAt))
    ctx.addIssue({ code: 'custom', path: ['salesEndAt'], message: SALES_END_BEFORE_START });
}

const dateOnly = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-12-05.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a real date.`);

export const publicEventsQuery = z.object({
  q: z.string().trim().max(EVENT_LIMITS.searchMax, 'The search is too long.').optional(),
  category: categoryField.optional(),
  city: z.string().trim().max(EVENT_LIMITS.cityMax, 'City is too long.').optional(),
  date: z
    .enum(EVENT_DATE_FILTERS, { error: `Date must be one of: ${EVENT_DATE_FILTERS.join(', ')}.` })
    .optional(),
  /** Inclusive calendar dates in Africa/Lagos time. */
  from: dateOnly('From').optional(),
  to: dateOnly('To').optional(),
  price: z.enum(['free', 'paid'], { error: 'Price must be free or paid.' }).optional(),
  page: z.coerce
    .number({ error: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page must be at least 1.')
    .max(10_000, 'Page is too large.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number.' })
    .int('Page size must be a whole number.')
    .min(1, 'Page size must be at least 1.')
    .max(EVENT_LIMITS.pageSizeMax, `Page size must be at most ${EVENT_LIMITS.pageSizeMax}.`)
    .default(EVENT_LIMITS.pageSizeDefault),
});
export type PublicEventsQuery = z.input<typeof publicEventsQuery>;

// Answers -----------------------------------------------------------------------------

const iso = z.string();

export const manageTicketTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Whole naira. */
  price: z.number(),
  capacity: z.number(),
  /** Tickets taken: paid or free orders, and those held by pending orders (`held`). */
  sold: z.number(),
  /** Of `sold`, tickets held by pending orders (checkouts, offline payments, waiting-list offers). */
  held: z.number(),
  remaining: z.number(),
  minPerOrder: z.number(),
  maxPerOrder: z.number(),
  salesStartAt: iso.nullable(),
  salesEndAt: iso.nullable(),
  position: z.number(),
  hidden: z.boolean(),
  availability: z.enum(TICKET_AVAILABILITIES),
  kind: z.enum(TICKET_KINDS),
  /** Whole naira, pay what you want / donation only. */
  suggestedPrice: z.number().nullable(),
  /** People one ticket admits: 1, a table's seats, 0 for a donation. */
  admits: z.number(),
  /** A hidden type's access codes (decision 087). */
  accessCodes: z.array(z.string()),
});
export type ManageTicketTypeDto = z.infer<typeof manageTicketTypeDto>;

const eventCore = {
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  category: z.enum(EVENT_CATEGORIES),
  coverImageId: z.string().nullable(),
  /** Path of the cover image (`/api/v1/media/{id}`), or null. */
  coverUrl: z.string().nullable(),
  venueName: z.string().nullable(),
  city: z.string().nullable(),
  startAt: iso.nullable(),
  endAt: iso.nullable(),
  timeZone: z.string(),
  status: z.enum(EVENT_STATUSES),
  /** True once the end time has passed (whatever the status). */
  ended: z.boolean(),
  visibility: z.enum(EVENT_VISIBILITIES),
  /** Path of the public page, `/events/{slug}`. */
  url: z.string(),
};

const totals = {
  /** Tickets in completed orders. */
  sold: z.number(),
  /** Tickets held by pending orders (checkouts and offline payments not yet in). */
  held: z.number(),
  capacity: z.number(),
  /** Whole naira buyers paid on completed orders (refunded ones not; see the finances API). */
  gross: z.number(),
};

export const manageEventListItem = z.object({
  ...eventCore,
  online: z.boolean(),
  publishedAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
  ticketTypeCount: z.number(),
  ...totals,
});
export type ManageEventListItem = z.infer<typeof manageEventListItem>;

export const manageEventDto = z.object({
  ...eventCore,
  description: z.string().nullable(),
  address: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  /** Wall-clock start/end in the event's time zone ("2026-12-05T19:00"), for datetime-local inputs. */
  startLocal: z.string().nullable(),
  endLocal: z.string().nullable(),
  feeMode: z.enum(FEE_MODES),
  offlinePayment: z.boolean(),
  offlineHoldHours: z.number(),
  allowTransfers: z.boolean(),
  /** Until when buyers may name their tickets (null: until the event starts). */
  ticketNamesUntil: iso.nullable(),
  paystackChannels: z.array(z.enum(PAYSTACK_CHANNELS)),
  cancelReason: z.string().nullable(),
  cancelledAt: iso.nullable(),
  publishedAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
  ticketTypes: z.array(manageTicketTypeDto),
  ...totals,
});
export type ManageEventDto = z.infer<typeof manageEventDto>;

/**
 * startAt and endAt on the event's wall clock ("2026-12-05T19:00"), so a browser shows the
 * spec's dates without loading its time-zone data (formatWallClock, decision 020).
 */
const wallClocks = { startLocal: z.string(), endLocal: z.string() };

export const publicEventListItem = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  category: z.enum(EVENT_CATEGORIES),
  startAt: iso,
  endAt: iso,
  timeZone: z.string(),
  ...wallClocks,
  venueName: z.string().nullable(),
  city: z.string().nullable(),
  online: z.boolean(),
  coverUrl: z.string().nullable(),
  /** Whole naira; null when no ticket type is offered. */
  lowestPrice: z.number().nullable(),
  /** Whole naira; with lowestPrice, the range a card shows ("Free – ₦25,000.00"). */
  highestPrice: z.number().nullable(),
  /** Every offered type is free. */
  isFree: z.boolean(),
  status: z.enum(EVENT_STATUSES),
  url: z.string(),
});
export type PublicEventListItem = z.infer<typeof publicEventListItem>;

export const publicTicketTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Whole naira; 0 = free. */
  price: z.number(),
  remaining: z.number(),
  /**
   * Tickets held by other buyers' unpaid orders (not in `remaining`). They come back when
   * those holds expire, so a type "sold out" only by holds may be on sale again soon.
   */
  held: z.number(),
  minPerOrder: z.number(),
  maxPerOrder: z.number(),
  salesStartAt: iso.nullable(),
  salesEndAt: iso.nullable(),
  /** salesStartAt and salesEndAt on the event's wall clock ("2026-12-05T19:00"). */
  salesStartLocal: z.string().nullable(),
  salesEndLocal: z.string().nullable(),
  availability: z.enum(TICKET_AVAILABILITIES),
  /** Decision 086: for pay what you want and donations `price` is the minimum. */
  kind: z.enum(TICKET_KINDS),
  suggestedPrice: z.number().nullable(),
  /** People one ticket admits: 1, a table's seats, 0 for a donation. */
  admits: z.number(),
});
export type PublicTicketTypeDto = z.infer<typeof publicTicketTypeDto>;

/** `POST /events/{slug}/access-code` (decision 087): the code a buyer was given. */
export const accessCodeBody = z.object({ code: accessCodeField });
export type AccessCodeBody = z.input<typeof accessCodeBody>;

/** The hidden ticket types the code unlocks (never the code list itself). */
export const unlockedTicketTypesDto = z.object({
  code: z.string(),
  ticketTypes: z.array(publicTicketTypeDto),
});
export type UnlockedTicketTypesDto = z.infer<typeof unlockedTicketTypesDto>;

export const publicEventDto = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  /** Markdown source (meta tags, calendar files). */
  description: z.string().nullable(),
  /**
   * The description rendered by the server (@gatepass/shared/markdown, raw HTML escaped)
   * and sanitised there: safe to insert as HTML. '' when there is no description.
   */
  descriptionHtml: z.string(),
  category: z.enum(EVENT_CATEGORIES),
  coverUrl: z.string().nullable(),
  venueName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  /** The link itself goes to ticket holders only. */
  online: z.boolean(),
  startAt: iso,
  endAt: iso,
  timeZone: z.string(),
  ...wallClocks,
  status: z.enum(EVENT_STATUSES),
  ended: z.boolean(),
  cancelReason: z.string().nullable(),
  cancelledAt: iso.nullable(),
  visibility: z.enum(EVENT_VISIBILITIES),
  feeMode: z.enum(FEE_MODES),
  /** Whether checkout offers offline payment (and how long a confirmed one holds). */
  offlinePayment: z.boolean(),
  offlineHoldHours: z.number(),
  /**
   * Who runs the event, as buyers see it: the public name (or the account name) and the
   * logo set in the organiser's settings. Never the organiser's email or phone.
   */
  organiser: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  lowestPrice: z.number().nullable(),
  highestPrice: z.number().nullable(),
  isFree: z.boolean(),
  ticketTypes: z.array(publicTicketTypeDto),
  url: z.string(),
  /**
   * The fair queue in front of checkout, when the organiser turned it on (decision 034):
   * when the sale opens (and its wall clock in the event's zone) and the queue page to join.
   * Before the on-sale time everyone who joins is given a random place.
   */
  waitingRoom: z
    .object({ onSaleAt: iso, onSaleLocal: z.string(), queueUrl: z.string() })
    .nullable(),
});
export type PublicEventDto = z.infer<typeof publicEventDto>;

export const publicEventPage = z.object({
  items: z.array(publicEventListItem),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  pageCount: z.number(),
});
export type PublicEventPage = z.infer<typeof publicEventPage>;

export const mediaDto = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});
export type MediaDto = z.infer<typeof mediaDto>;

/** The default time zone of a new event. */
export const EVENT_DEFAULT_TIME_ZONE = DEFAULT_TIME_ZONE;
