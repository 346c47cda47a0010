import { z } from 'zod';
import { idField } from './manage.ts';

/**
 * Promo codes (web `/events/manage/marketing/`). A code belongs to one event, is stored
 * upper-case and is unique within its event. `percent` takes 1–100 % off the tickets;
 * `fixed` takes whole naira off (never more than the tickets cost). Checkout rounds a
 * percentage discount down to whole naira.
 *
 * `startsAt`/`endsAt` are ISO date-times: with an offset or Z an instant, without one a
 * wall-clock time in the event's time zone (what a datetime-local input gives).
 */

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const PROMO_LIMITS = {
  codeMin: 3,
  codeMax: 40,
  /** ₦10,000,000. */
  fixedMax: 10_000_000,
  maxUsesMax: 1_000_000,
} as const;

const codeField = z
  .string({ error: 'Code is required.' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .min(PROMO_LIMITS.codeMin, `Code must be at least ${PROMO_LIMITS.codeMin} characters.`)
      .max(PROMO_LIMITS.codeMax, `Code must be at most ${PROMO_LIMITS.codeMax} characters.`)
      .regex(/^[A-Z0-9_-]+$/, 'Code may only use letters, digits, - and _.'),
  );

const dateTimeField = (label: string) =>
  z
    .string({ error: `${label} must be a date and time.` })
    .trim()
    .max(40, `${label} must be a date and time.`)
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) &&
        !Number.isNaN(Date.parse(v.length <= 19 ? `${v}Z` : v)),
      `${label} must be a date and time like 2026-12-05T19:00.`,
    )
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const amountField = z
  .number({ error: 'Amount must be a number.' })
  .int('Amount must be a whole number.')
  .min(1, 'Amount must be at least 1.');

const maxUsesField = z
  .number({ error: 'Maximum uses must be a number.' })
  .int('Maximum uses must be a whole number.')
  .min(1, 'Maximum uses must be at least 1.')
  .max(PROMO_LIMITS.maxUsesMax, `Maximum uses must be at most ${PROMO_LIMITS.maxUsesMax}.`)
  .nullable()
  .optional();

const amountFits = (p: { kind?: PromoKind | undefined; amount?: number | undefined }) =>
  p.amount === undefined ||
  p.kind === undefined ||
  (p.kind === 'percent' ? p.amount <= 100 : p.amount <= PROMO_LIMITS.fixedMax);
const amountFitsMessage = {
  message: 'A percentage must be between 1 and 100; a fixed amount at most ₦10,000,000.',
  path: ['amount'],
};

export const createPromoCodeBody = z
  .object({
    eventId: idField,
    code: codeField,
    kind: z.enum(PROMO_KINDS, { error: 'Kind must be percent or fixed.' }),
    /** Percent (1–100) or whole naira, by kind. */
    amount: amountField,
    /** Null or absent: unlimited. */
    maxUses: maxUsesField,
    startsAt: dateTimeField('Start'),
    endsAt: dateTimeField('End'),
    active: z.boolean({ error: 'Active must be true or false.' }).optional(),
  })
  .refine(amountFits, amountFitsMessage);
export type CreatePromoCodeBody = z.input<typeof createPromoCodeBody>;
/** The body as the server holds it once checked (trimmed, defaults filled). */
export type CreatePromoCodeData = z.output<typeof createPromoCodeBody>;

/** A partial change; the kind and amount are checked together with the stored ones. */
export const updatePromoCodeBody = z.object({
  code: codeField.optional(),
  kind: z.enum(PROMO_KINDS, { error: 'Kind must be percent or fixed.' }).optional(),
  amount: amountField.optional(),
  maxUses: maxUsesField,
  startsAt: dateTimeField('Start'),
  endsAt: dateTimeField('End'),
  active: z.boolean({ error: 'Active must be true or false.' }).optional(),
});
export type UpdatePromoCodeBody = z.input<typeof updatePromoCodeBody>;
export type UpdatePromoCodeData = z.output<typeof updatePromoCodeBody>;

export const promoCodesQuery = z.object({ eventId: idField.optional() });

export const promoCodeDto = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** Percent, or whole naira. */
  amount: z.number(),
  maxUses: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Wall-clock values in the event's time zone, for datetime-local inputs. */
  startsLocal: z.string().nullable(),
  endsLocal: z.string().nullable(),
  timeZone: z.string(),
  active: z.boolean(),
  /** active, and inside its window, and not used up. */
  usableNow: z.boolean(),
  usage: z.object({
    /** Uses counted against maxUses: completed orders plus checkouts still holding tickets. */
    uses: z.number(),
    /** null when unlimited. */
    remaining: z.number().nullable(),
    /** Completed orders that used the code. */
    completedOrders: z.number(),
    tickets: z.number(),
    /** Naira taken off completed orders. */
    discountGiven: z.number(),
    /** Naira buyers paid on those orders. */
    revenue: z.number(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromoCodeDto = z.infer<typeof promoCodeDto>;

// Share kit ----------------------------------------------------------------------------

export const shareKitDto = z.object({
  eventId: z.string(),
  title: z.string(),
  /** The public page, absolute (what the QR code encodes). */
  link: z.string(),
  /** API paths of the printable poster; they need the organiser's bearer token. */
  posterPng: z.string(),
  posterPdf: z.string(),
  /** The QR code alone, as a data: URL (PNG), for previews. */
  qrDataUrl: z.string(),
});
export type ShareKitDto = z.infer<typeof shareKitDto>;
