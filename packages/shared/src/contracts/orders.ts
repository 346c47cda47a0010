import { z } from 'zod';
import { orderRefundDto, PAYSTACK_CHANNELS } from './payouts.ts';
import { LIMITS } from '../limits.ts';
import { answersBody } from './questions.ts';
import { trackingSource } from './tracking.ts';
import { EVENT_LIMITS } from '../event-values.ts';
import { formatCount } from '../money.ts';

/**
 * Orders (the spec's "ticket order"), checkout and the door. Money crosses the API in whole
 * naira, like events; the server keeps integer kobo.
 *
 * Status: `pending` holds its tickets until `reservedUntil` → `completed` (paid or free) |
 * `cancelled` | `refunded` | `expired` (the hold ran out; its tickets went back on sale).
 */
export const ORDER_STATUSES = ['pending', 'completed', 'cancelled', 'refunded', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * `test` is the built-in TEST provider; `offline` waits for the organiser to mark it paid;
 * `paystack` redirects to Paystack (offered when the server has PAYSTACK_SECRET_KEY).
 */
export const PAYMENT_METHODS = ['free', 'test', 'offline', 'paystack'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_LIMITS = {
  itemsMax: 20,
  quantityMax: 100,
  nameMax: 80,
  promoCodeMax: 40,
  /** Codes a single mark-attended call may carry. */
  markAttendedMax: 5_000,
} as const;

/** A person's name as a ticket holder gives it (a first or last name; a waiting list's full name). */
export const personName = (label: string, max: number = ORDER_LIMITS.nameMax) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** The email tickets are sent to (checkout, a transfer's new holder, the waiting list). */
export const ticketEmail = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(LIMITS.emailMax, 'Email is too long.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((e) => e.toLowerCase());

/**
 * Who tickets are for: first name, last name, email — written once for the checkout's
 * buyer, a transfer's new holder (buyer or organiser) and their forms.
 */
export const holderBody = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: ticketEmail,
});
export type HolderBody = z.input<typeof holderBody>;

export const buyerBody = holderBody.extend({
  phone: z
    .string({ error: 'Phone number is required.' })
    .trim()
    .min(1, 'Phone number is required.')
    .max(LIMITS.phoneMax, 'Phone number is too long.'),
});
export type BuyerBody = z.input<typeof buyerBody>;

// Named tickets (issue 25 §2, decision 080) --------------------------------------------------

/** A ticket's number in its order: 1 for the first ticket, in the order's ticket order. */
export const ticketIndex = z.coerce
  .number({ error: 'Ticket number must be a number.' })
  .int('Ticket number must be a whole number.')
  .min(1, 'Ticket number must be at least 1.')
  .max(ORDER_LIMITS.quantityMax, `Ticket number must be at most ${ORDER_LIMITS.quantityMax}.`);

/** Whose ticket it is: a name, and the email it may be sent to (optional until it is sent). */
export const ticketHolderBody = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: z
    .string()
    .trim()
    .optional()
    .transform((e) => (e ? e : undefined))
    .pipe(ticketEmail.optional()),
});
export type TicketHolderBody = z.input<typeof ticketHolderBody>;

/** Names for some of the order's tickets (checkout, or later from the buyer's order page). */
export const ticketNamesBody = z
  .array(ticketHolderBody.extend({ index: ticketIndex }))
  .max(ORDER_LIMITS.quantityMax, 'Too many names.')
  .refine(
    (names) => new Set(names.map((n) => n.index)).size === names.length,
    'Each ticket can be named once.',
  );
export type TicketNamesBody = z.input<typeof ticketNamesBody>;

/**
 * How a group order's tickets are numbered (decision 080): its lines by ticket type name,
 * then type id, each line's tickets one after another — the same at checkout and after.
 */
export function compareTicketLines(
  a: { name: string; ticketTypeId: string },
  b: { name: string; ticketTypeId: string },
): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.ticketTypeId < b.ticketTypeId ? -1 : a.ticketTypeId > b.ticketTypeId ? 1 : 0;
}

/** Naming one ticket from the buyer's order page. */
export const nameTicketBody = ticketHolderBody;

/** Sending one ticket to its holder: their own mail, code and QR; an email is needed. */
export const sendTicketBody = holderBody.extend({
  phone: z
    .string()
    .trim()
    .max(LIMITS.phoneMax, 'Phone number is too long.')
    .optional()
    .transform((p) => (p ? p : undefined)),
});
export type SendTicketBody = z.input<typeof sendTicketBody>;

/** One ticket of an order as its buyer sees it: its type, and whose it is. */
export const orderTicketDto = z.object({
  index: z.number(),
  ticketType: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  /** Sent to its holder: it is their own order now (own code), no longer on this one. */
  sent: z.boolean(),
  /** Once sent: whether its holder has been let in, and whether it was passed on since. */
  status: z.enum(['with_buyer', 'sent', 'checked_in', 'ended']),
});
export type OrderTicketDto = z.infer<typeof orderTicketDto>;

export const orderItemsBody = z
  .array(
    z.object({
      ticketTypeId: z.uuid({ error: 'Ticket type is not recognised.' }),
      quantity: z
        .number({ error: 'Quantity must be a number.' })
        .int('Quantity must be a whole number.')
        .min(1, 'Quantity must be at least 1.')
        .max(ORDER_LIMITS.quantityMax, `Quantity must be at most ${ORDER_LIMITS.quantityMax}.`),
      /**
       * Pay what you want and donations (decision 086): the whole naira the buyer pays for
       * each ticket, at least the type's minimum (the server checks it). Absent otherwise.
       */
      amount: z
        .number({ error: 'Amount must be a number.' })
        .int('Amount must be whole naira.')
        .min(0, 'Amount cannot be negative.')
        .max(EVENT_LIMITS.priceMax, `Amount must be at most ${formatCount(EVENT_LIMITS.priceMax)}.`)
        .optional(),
    }),
    { error: 'Choose at least one ticket.' },
  )
  .min(1, 'Choose at least one ticket.')
  .max(ORDER_LIMITS.itemsMax, 'Too many ticket types in one order.');

const promoCodeField = z
  .string()
  .trim()
  .max(ORDER_LIMITS.promoCodeMax, 'That promo code is too long.')
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

export const quoteBody = z.object({
  eventId: z.uuid({ error: 'Event is not recognised.' }),
  items: orderItemsBody,
  promoCode: promoCodeField,
  /** The access code that unlocks hidden ticket types in the basket (decision 087). */
  accessCode: z
    .string()
    .trim()
    .max(EVENT_LIMITS.accessCodeMax, 'That access code is too long.')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
});
export type QuoteBody = z.input<typeof quoteBody>;

export const createOrderBody = quoteBody
  .extend({
    buyer: buyerBody,
    /**
     * Where this checkout came from (issue 26 §4): the page's `ref` and `via`, kept for the tab.
     * A value the server does not understand is dropped, never refused.
     */
    source: trackingSource.optional().catch(undefined),
    /** Optional names of the tickets' holders, by ticket number (decision 080). */
    ticketNames: ticketNamesBody.optional(),
    /**
     * The answers to the event's questions (issue 25 §1), keyed by `answerKey`; checked at
     * checkout against the event's questions with `answersContract`.
     */
    answers: answersBody.optional(),
  })
  .refine(
    (body) =>
      !body.ticketNames ||
      body.ticketNames.every(
        (n) => n.index <= body.items.reduce((sum, line) => sum + line.quantity, 0),
      ),
    { message: 'A named ticket number is beyond the tickets chosen.', path: ['ticketNames'] },
  );
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const payOrderBody = z.object({
  method: z.enum(['test', 'offline', 'paystack'], {
    error: 'Payment method must be test, offline or paystack.',
  }),
  /**
   * Paystack only: the channel the buyer chose (one the event offers). Bank transfer and
   * USSD hold the tickets longer (TRANSFER_HOLD_MINUTES). Absent: every channel the event
   * offers, with the normal hold.
   */
  channel: z.enum(PAYSTACK_CHANNELS, { error: 'Unknown Paystack channel.' }).optional(),
  /**
   * Paystack only, from the widget (decision 075): the host page's address (http or https),
   * where Paystack sends the buyer back instead of Gatepass's /checkout/return; the widget
   * there reopens on the order. Absent: Gatepass's own return page.
   */
  returnTo: z
    .url({ protocol: /^https?$/, error: 'The page to return to must be an http or https address.' })
    .max(2000, 'The page to return to is too long.')
    .refine(
      (u) => !/^https?:\/\/[^/?#]*@/i.test(u),
      'The page to return to must not hold a password.',
    )
    .optional(),
});
export type PayOrderBody = z.input<typeof payOrderBody>;

/** The token of the link mailed for an offline order (web /checkout/hold/confirm?token=…). */
export const confirmHoldBody = z.object({
  token: z
    .string({ error: 'This link is not valid.' })
    .trim()
    .min(1, 'This link is not valid.')
    .max(200, 'This link is not valid.'),
});
export type ConfirmHoldBody = z.input<typeof confirmHoldBody>;

/** Which ways to pay this server offers (Paystack only when configured). */
export const paymentMethodsDto = z.object({
  methods: z.array(z.enum(['test', 'offline', 'paystack'])),
  /** Paystack is the demo's local sandbox (PAYSTACK_SANDBOX=true): say so wherever it shows. */
  paystackSandbox: z.boolean().optional(),
});
export type PaymentMethodsDto = z.infer<typeof paymentMethodsDto>;

export const testPaymentBody = z.object({
  outcome: z.enum(['success', 'failure'], { error: 'Outcome must be success or failure.' }),
});

export const quoteDto = z.object({
  items: z.array(
    z.object({
      ticketTypeId: z.string(),
      name: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      lineTotal: z.number(),
      /** People each ticket of the line admits: 1; a table's seats ("Table of 10"); 0, a donation. */
      admits: z.number(),
    }),
  ),
  quantity: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  fee: z.number(),
  feeMode: z.enum(['pass', 'absorb']),
  totalPrice: z.number(),
  promoCode: z.string().nullable(),
});
export type QuoteDto = z.infer<typeof quoteDto>;

export const orderDto = quoteDto.extend({
  id: z.string(),
  orderCode: z.string(),
  status: z.enum(ORDER_STATUSES),
  eventId: z.string(),
  event: z.object({
    title: z.string(),
    slug: z.string(),
    startAt: z.string().nullable(),
    endAt: z.string().nullable(),
    timeZone: z.string(),
    venueName: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    online: z.boolean(),
    /** Whether the event takes offline payment (the organiser's choice). */
    offlinePayment: z.boolean(),
    /** Hours a confirmed offline order holds its tickets. */
    offlineHoldHours: z.number(),
    /** Whether the buyer may transfer the order to someone else (decision 033). */
    allowTransfers: z.boolean(),
    /** Paystack channels the event offers (its organiser's choice). */
    paystackChannels: z.array(z.enum(PAYSTACK_CHANNELS)),
    /**
     * Whether the organiser has a verified payout account: without one, an event sells
     * free and offline tickets only where Paystack is the online provider (decision 038).
     */
    payoutReady: z.boolean(),
  }),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /**
   * Paid with the built-in TEST provider (test mode): no money changed hands. Shown on the
   * order, its ticket and at the door; left out of the finances (decision 023).
   */
  testPayment: z.boolean(),
  /**
   * Money arrived that this order could not take (after its hold expired and the tickets
   * sold out, twice, or for a cancelled order): the organiser must refund it.
   */
  needsRefund: z.boolean(),
  reservedUntil: z.string().nullable(),
  /**
   * When the buyer confirmed their email from the link mailed for offline payment: only
   * then does an offline order hold its tickets beyond the normal checkout hold.
   */
  holdConfirmedAt: z.string().nullable(),
  /** The refund's state at Paystack, once one was made (followed from its webhooks). */
  refund: orderRefundDto,
  paidAt: z.string().nullable(),
  attendedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The order's ticket link (`/t/{code}-{mac}`: the light ticket page, with the wallet
   * passes below it), given to the buyer once the order is completed; absent elsewhere.
   */
  ticketUrl: z.string().nullable().optional(),
  /**
   * With `ticketUrl`: whether the server signs Apple Wallet passes (`{ticketUrl}/pass.pkpass`)
   * and Google Wallet save links (`{ticketUrl}/google`), decisions 043–044.
   */
  walletApple: z.boolean().optional(),
  walletGoogle: z.boolean().optional(),
  /**
   * Each ticket of a group order with its holder's name (decision 080): on the buyer's and
   * organiser's view once any ticket is named; absent otherwise.
   */
  tickets: z.array(orderTicketDto).optional(),
  /** Until when its tickets may be named (the event's cut-off, or its start); null: no limit. */
  namesUntil: z.string().nullable().optional(),
  /** A ticket sent to its holder from a group order: that order's code (decision 080). */
  parentOrderCode: z.string().nullable().optional(),
});
export type OrderDto = z.infer<typeof orderDto>;

/**
 * The order after choosing how to pay; `redirectUrl` is where to send the buyer next
 * (Paystack's checkout page), null when the web app's own page takes over (TEST, offline).
 */
export const payOrderResponse = z.object({
  data: orderDto.extend({ redirectUrl: z.string().nullable() }),
  message: z.string().optional(),
});
export type PayOrderResponse = z.infer<typeof payOrderResponse>;

/** Back from Paystack: the reference it appended to the callback URL (optional). */
export const verifyPaymentBody = z.object({
  reference: z.string().trim().min(1).max(100).optional(),
});

export const createOrderResponse = z.object({
  data: z.object({
    order: orderDto,
    /** Lets this browser read and pay the order; shown once, stored hashed. */
    accessToken: z.string(),
  }),
  message: z.string().optional(),
});

/** The door's view of an order (spec §3 ticket order, plus when it was let in). */
export const doorOrderDto = z.object({
  _id: z.string(),
  orderCode: z.string().length(LIMITS.orderCodeLength),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Naira. */
  totalPrice: z.number(),
  quantity: z.number(),
  attendedAt: z.string().nullable(),
  /** Beside the spec's fields: the order's ticket types and how many of each, for the banner. */
  ticketTypes: z.array(z.object({ name: z.string(), quantity: z.number() })),
  /** Paid with the TEST provider (test mode): no money was taken. Beyond the spec's fields. */
  testPayment: z.boolean().optional(),
  /**
   * Names given in answers at checkout (issue 25 §1, decision 078), " · " between them: the
   * door's search matches them too. Only when the order has some.
   */
  attendeeNames: z.string().optional(),
  /**
   * The names the buyer gave this order's tickets that were not sent on (decision 080): the
   * door's search finds the order by them too. Absent when none.
   */
  holders: z.array(z.string()).optional(),
  /**
   * People the order lets in, only when that differs from `quantity` (a table of 10 admits
   * 10 with one code; a donation admits no one — decision 086): the banner says "Admits 10".
   */
  admits: z.number().optional(),
});
export type DoorOrderDto = z.infer<typeof doorOrderDto>;

/**
 * Why the door refuses a code that is not on its list (issue 24 §1): beside the spec's
 * list, so a door says why — offline too. `at`: when it happened; `to`: the new holder's
 * name (transferred); `event`: the title of the event the code is for (another event's).
 */
export const DOOR_REFUSAL_REASONS = [
  'transferred',
  'refunded',
  'cancelled',
  'unpaid',
  'other_event',
  /** Check-in lists (decision 084): this event's ticket, not taken at the list being checked. */
  'other_list',
] as const;
export const doorRefusedCode = z.object({
  code: z.string(),
  reason: z.enum(DOOR_REFUSAL_REASONS),
  at: z.string().optional(),
  to: z.string().optional(),
  event: z.string().optional(),
  /** other_list: the order's ticket type ("VIP"). */
  type: z.string().optional(),
  /** other_list: a list of the event that does take it ("VIP gate"), when there is one. */
  list: z.string().optional(),
});
export type DoorRefusedCode = z.infer<typeof doorRefusedCode>;

/**
 * The door's compact list (issue 23 §3, decision 088): GET ticketPurchase/event/{eventId}/compact,
 * what the door's own screen reads. One row per ticket type of an order, as an array in this
 * order (`DOOR_LIST_COLUMNS`): code, first name, last name, email, total in kobo, quantity,
 * when let in (epoch ms, or null), 1 when paid with the TEST provider, the ticket type's name
 * and how many of it (0: none left, all sent on to their holders — not shown), and null or
 * an object of further fields of the order (the door's order's optional fields, e.g.
 * `holders`, `admits`, `attendeeNames`; any row of the order may carry them, merged into it). An order of several types comes as several rows with its code, in no
 * set order: `types` (the event's type names in its order) orders them. `cursor`: give it
 * back as `?since=` to get only what changed: `full: false` with the changed orders' rows,
 * the codes that left the list (`gone`) and the refused codes anew — or, when nothing
 * changed, the cursor alone.
 */
export const DOOR_LIST_COLUMNS = [
  'code',
  'firstName',
  'lastName',
  'email',
  'totalKobo',
  'quantity',
  'attendedAtMs',
  'testPayment',
  'typeName',
  'typeCount',
  'extra',
] as const;
export const doorListRow = z.tuple([
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.number(),
  z.number(),
  z.number().nullable(),
  z.number(),
  z.string(),
  z.number(),
  /** Further fields of the door's order, when it has any (an object), else null. */
  z.record(z.string(), z.unknown()).nullable(),
]);
export type DoorListRow = z.infer<typeof doorListRow>;
export const doorListCursor = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'This sync cursor is not one the door list gave.');
export const doorListResponse = z.object({
  cursor: doorListCursor,
  full: z.boolean(),
  types: z.array(z.string()).optional(),
  orders: z.array(doorListRow).optional(),
  gone: z.array(z.string()).optional(),
  refused: z.array(doorRefusedCode).optional(),
});
export type DoorListResponse = z.infer<typeof doorListResponse>;

export const markAttendedBody = z.object({
  ticketCodes: z
    .array(z.string().trim().max(32, 'A ticket code is too long.'), {
      error: 'ticketCodes must be a list of codes.',
    })
    .max(ORDER_LIMITS.markAttendedMax, `At most ${ORDER_LIMITS.markAttendedMax} codes per call.`),
  eventId: z.uuid({ error: 'Event is not recognised.' }),
  /**
   * The check-in list being checked (decision 084); absent: the event-wide door. A steward
   * given a list checks that list whatever is sent.
   */
  listId: z.uuid({ error: 'This check-in list was not found.' }).optional(),
});
export type MarkAttendedBody = z.input<typeof markAttendedBody>;

export const markAttendedResponse = z.object({
  data: z.object({
    message: z.string(),
    /** Codes this call let in for the first time. */
    marked: z.array(z.string()),
    /** Codes let in earlier (by this or another device), with when. */
    alreadyUsed: z.array(z.object({ orderCode: z.string(), attendedAt: z.string() })),
    /** Codes that are not an admissible order of this event. */
    unknown: z.array(z.string()),
    /**
     * Beyond the spec's fields: those of `unknown` that were this event's codes before their
     * order was transferred to someone else (decision 033). They do not admit anyone.
     */
    transferred: z.array(z.string()).optional(),
    /**
     * Check-in lists (decision 084): this event's codes that the list being checked does not
     * take, with the ticket type and the list that does. They do not admit anyone here.
     */
    notOnList: z
      .array(z.object({ orderCode: z.string(), type: z.string(), list: z.string().optional() }))
      .optional(),
  }),
});
export type MarkAttendedResponse = z.infer<typeof markAttendedResponse>;
