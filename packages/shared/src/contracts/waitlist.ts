import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { holderBody, ORDER_LIMITS, personName, ticketEmail } from './orders.ts';

/**
 * The waiting list of a sold-out ticket type (issue 14 §2, decision 032). When tickets come
 * back, the first people in line whose quantity fits get a mailed offer: a pending order
 * holding their tickets until `offeredUntil`, paid through the normal checkout.
 */
export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'claimed',
  'expired',
  'removed',
  /** Left by the person themselves, from the link in their mails (decision 047). */
  'left',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const joinWaitlistBody = z.object({
  eventId: z.uuid({ error: 'Event is not recognised.' }),
  ticketTypeId: z.uuid({ error: 'Ticket type is not recognised.' }),
  name: personName('Name', ORDER_LIMITS.nameMax * 2),
  email: ticketEmail,
  quantity: z
    .number({ error: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(ORDER_LIMITS.quantityMax, `Quantity must be at most ${ORDER_LIMITS.quantityMax}.`),
});
export type JoinWaitlistBody = z.input<typeof joinWaitlistBody>;

export const joinWaitlistResponse = z.object({
  /** `place`: where this email stands in the type's line (1 = first), also in the mail. */
  data: z.object({ ticketTypeId: z.string(), quantity: z.number(), place: z.number().int() }),
  message: z.string(),
});

export const claimOfferBody = z.object({
  token: z
    .string({ error: 'This link is not valid.' })
    .trim()
    .min(20, 'This link is not valid.')
    .max(200, 'This link is not valid.'),
});

/** The "Leave the waiting list" link's token (decision 047): the entry and its signature. */
export const leaveWaitlistBody = claimOfferBody;
export type LeaveWaitlistBody = z.input<typeof leaveWaitlistBody>;

/** What the person who left learns: which place they gave up. */
export const leaveWaitlistResponse = z.object({
  data: z.object({ eventTitle: z.string(), ticketTypeName: z.string(), quantity: z.number() }),
  message: z.string(),
});
export type LeaveWaitlistResult = z.infer<typeof leaveWaitlistResponse>['data'];

/** One place in an event's waiting list, as the organiser sees it. */
export const waitlistEntryDto = z.object({
  id: z.string(),
  /** 1 for the first person in this ticket type's line (every entry, any status). */
  position: z.number(),
  ticketTypeId: z.string(),
  ticketTypeName: z.string(),
  name: z.string(),
  email: z.string(),
  quantity: z.number(),
  status: z.enum(WAITLIST_STATUSES),
  offeredUntil: z.string().nullable(),
  orderId: z.string().nullable(),
  orderCode: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntryDto = z.infer<typeof waitlistEntryDto>;

export const eventWaitlistDto = z.object({
  /** How long an offer holds its tickets (WAITLIST_OFFER_SECONDS). */
  offerSeconds: z.number(),
  entries: z.array(waitlistEntryDto),
});
export type EventWaitlistDto = z.infer<typeof eventWaitlistDto>;

// Transfers (issue 14 §3, decision 033) -------------------------------------------------------

/** Who receives the tickets: a new code is issued to them and the old one stops working. */
export const transferOrderBody = holderBody.extend({
  /** Optional: the new holder's phone, which gets the ticket by SMS (decision 041). */
  phone: z
    .string()
    .trim()
    .max(LIMITS.phoneMax, 'Phone number is too long.')
    .optional()
    .transform((p) => (p ? p : undefined)),
});
export type TransferOrderBody = z.input<typeof transferOrderBody>;

/**
 * The organiser's transfer: the same, plus the order code they saw (issue 21 §1, decision
 * 050). Given, a transfer of an order that has changed hands since is refused; the web
 * app's order drawer always sends it.
 */
export const manageTransferOrderBody = transferOrderBody.extend({
  orderCode: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.orderCodeLength}}$`), 'Order code must be 8 digits.')
    .optional(),
});
export type ManageTransferOrderBody = z.input<typeof manageTransferOrderBody>;

/** What the buyer who gave the tickets away learns: not the new code, which is the recipient's. */
export const transferResultDto = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  transferredAt: z.string(),
});
export type TransferResultDto = z.infer<typeof transferResultDto>;
