import { formatNaira } from './money.ts';

/**
 * The fixed lists and limits of events, without zod: the web's public pages read them
 * (category chips, date filters) and must not load the contracts to do so (decision 020).
 * contracts/events.ts builds its schemas from them.
 */

export const EVENT_CATEGORIES = [
  'Music',
  'Business',
  'Tech',
  'Food & Drink',
  'Arts',
  'Sports',
  'Community',
  'Education',
  'Nightlife',
  'Other',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** `unlisted`: reachable by its link, never in the public list or search. */
export const EVENT_VISIBILITIES = ['public', 'unlisted'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

/** `pass`: the buyer pays the service fee on top; `absorb`: the organiser pays it from the price. */
export const FEE_MODES = ['pass', 'absorb'] as const;
export type FeeMode = (typeof FEE_MODES)[number];

export const TICKET_AVAILABILITIES = [
  'on_sale',
  'sold_out',
  'not_yet_on_sale',
  'sales_ended',
] as const;
export type TicketAvailability = (typeof TICKET_AVAILABILITIES)[number];

/**
 * What a ticket type is (decision 086): `regular` at its price; `pay_what_you_want` and
 * `donation` at the amount the buyer types (at least the type's price, its minimum); a
 * donation admits no one; a `table` admits `admits` people with one code.
 */
export const TICKET_KINDS = ['regular', 'pay_what_you_want', 'donation', 'table'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** The kinds whose buyer types the amount. */
export const buyerSetsPrice = (kind: TicketKind): boolean =>
  kind === 'pay_what_you_want' || kind === 'donation';

export const TICKET_KIND_LABELS: Record<TicketKind, string> = {
  regular: 'Regular',
  pay_what_you_want: 'Pay what you want',
  donation: 'Donation',
  table: 'Table',
};

/** "Table of 10" — how an order, its mail and its page name a line that admits several. */
export const tableLabel = (admits: number): string => `Table of ${admits}`;

/** A line's name with what it is, where that is not one person: "VIP (Table of 10)". */
export const lineName = (name: string, admits: number): string =>
  admits > 1 ? `${name} (${tableLabel(admits)})` : admits === 0 ? `${name} (donation)` : name;

/**
 * A ticket type's price as buyers read it (decision 086): "₦5,000.00", "Free", "From
 * ₦2,000.00" for pay what you want, "Any amount" for a donation with no minimum,
 * "₦500,000.00 per table".
 */
export function ticketPriceText(type: { kind: TicketKind; price: number }): string {
  if (buyerSetsPrice(type.kind))
    return type.price === 0 ? 'Any amount' : `From ${formatNaira(type.price)}`;
  if (type.price === 0) return 'Free';
  return type.kind === 'table' ? `${formatNaira(type.price)} per table` : formatNaira(type.price);
}

/** Public list date shortcuts, evaluated in Africa/Lagos time. `weekend` is Friday to Sunday. */
export const EVENT_DATE_FILTERS = ['today', 'tomorrow', 'weekend', 'month'] as const;
export type EventDateFilter = (typeof EVENT_DATE_FILTERS)[number];

export const EVENT_LIMITS = {
  titleMax: 140,
  summaryMax: 300,
  descriptionMax: 20_000,
  venueNameMax: 140,
  addressMax: 300,
  cityMax: 80,
  urlMax: 500,
  cancelReasonMax: 500,
  ticketNameMax: 80,
  ticketDescriptionMax: 500,
  /** Whole naira. */
  priceMax: 10_000_000,
  capacityMax: 1_000_000,
  perOrderMax: 100,
  defaultMinPerOrder: 1,
  defaultMaxPerOrder: 10,
  ticketTypesMax: 50,
  /** People one table ticket admits. */
  tableSeatsMin: 2,
  tableSeatsMax: 100,
  /** Access codes of a hidden ticket type (decision 087). */
  accessCodesMax: 20,
  accessCodeMax: 40,
  coverMaxBytes: 5 * 1024 * 1024,
  searchMax: 100,
  pageSizeDefault: 12,
  pageSizeMax: 50,
  /** Hours a confirmed offline order holds its tickets (the organiser's choice per event). */
  offlineHoldHoursDefault: 72,
  offlineHoldHoursMax: 720,
} as const;
