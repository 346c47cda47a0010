import { z } from 'zod';

/**
 * Money in and out through Paystack (issue 15 §1–2; decisions 036–038).
 *
 * Channels: the ways Paystack's checkout lets a buyer pay, as Paystack names them in
 * `POST /transaction/initialize {channels}`. Each event offers all four unless its
 * organiser turned some off.
 */
export const PAYSTACK_CHANNELS = ['card', 'bank_transfer', 'ussd', 'bank'] as const;
export type PaystackChannel = (typeof PAYSTACK_CHANNELS)[number];

export const PAYSTACK_CHANNEL_LABELS: Record<PaystackChannel, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  bank: 'Bank account',
};

/**
 * Channels whose payment arrives after the buyer leaves the page: Paystack's transfer
 * account numbers stay valid 30 minutes, and a USSD code is dialled and approved on the
 * phone. Choosing one holds the order's tickets `TRANSFER_HOLD_MINUTES` from that moment.
 */
export const LONG_HOLD_CHANNELS: readonly PaystackChannel[] = ['bank_transfer', 'ussd'];
export const TRANSFER_HOLD_MINUTES = 45;

export const paystackChannelsField = z
  .array(z.enum(PAYSTACK_CHANNELS, { error: 'Unknown Paystack channel.' }), {
    error: 'Paystack channels must be a list.',
  })
  .min(1, 'Leave at least one way to pay with Paystack on.')
  .max(PAYSTACK_CHANNELS.length)
  .transform((list) => PAYSTACK_CHANNELS.filter((c) => list.includes(c)));

/** A bank Paystack can pay out to (GET /bank). */
export const payoutBankDto = z.object({ code: z.string(), name: z.string() });
export const payoutBanksDto = z.object({
  /** Whether this server resolves and verifies payout accounts with Paystack. */
  paystack: z.boolean(),
  banks: z.array(payoutBankDto),
});
export type PayoutBanksDto = z.infer<typeof payoutBanksDto>;

/** A 10-digit NUBAN account number; spaces and dashes typed in it are dropped. */
export const accountNumberField = z
  .string({ error: 'Account number is required.' })
  .transform((v) => v.replace(/[\s-]+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Account number is required.')
      .regex(/^\d{10}$/, 'Account number must be 10 digits.'),
  );

export const resolvePayoutQuery = z.object({
  bankCode: z
    .string({ error: 'Choose your bank.' })
    .trim()
    .min(1, 'Choose your bank.')
    .max(20, 'Choose your bank.'),
  accountNumber: accountNumberField,
});
export type ResolvePayoutQuery = z.input<typeof resolvePayoutQuery>;

/** The name the bank holds for the account (Paystack's GET /bank/resolve). */
export const resolvedPayoutDto = z.object({
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type ResolvedPayoutDto = z.infer<typeof resolvedPayoutDto>;

export const SETTLEMENT_STATES = [
  'success',
  'processing',
  'pending',
  'failed',
  'not_settled',
  'unknown',
] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/**
 * One line of the payout ledger: a Paystack payment split with the organiser's subaccount
 * (kind `payment`), or its refund (kind `refund`, negative figures). Whole naira.
 * - `amount`    what the buyer paid (or got back);
 * - `organiser` what Paystack settles to the organiser's bank (amount − the platform's share);
 * - `platform`  what the platform keeps: its share (the order's service fee) − Paystack's fees;
 * - `paystack`  what Paystack charged (the platform bears it: `bearer: account`).
 */
export const payoutLineDto = z.object({
  kind: z.enum(['payment', 'refund']),
  at: z.string(),
  orderId: z.string(),
  orderCode: z.string(),
  eventTitle: z.string(),
  reference: z.string(),
  channel: z.string().nullable(),
  amount: z.number(),
  organiser: z.number(),
  platform: z.number(),
  paystack: z.number(),
  /** Paystack's settlement of the organiser's share; refunds: the refund's own state. */
  settlement: z.enum(SETTLEMENT_STATES),
  settlementDate: z.string().nullable(),
  refundStatus: z.string().nullable(),
});
export type PayoutLineDto = z.infer<typeof payoutLineDto>;

export const payoutLedgerDto = z.object({
  lines: z.array(payoutLineDto),
  totals: z.object({
    amount: z.number(),
    organiser: z.number(),
    platform: z.number(),
    paystack: z.number(),
  }),
  /** The organiser's payout account, when verified with Paystack. */
  account: z
    .object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() })
    .nullable(),
  /** Whether Paystack answered the settlements lookup (otherwise every state is `unknown`). */
  settlementsChecked: z.boolean(),
});
export type PayoutLedgerDto = z.infer<typeof payoutLedgerDto>;

/** Refund state of an order at Paystack, as buyers and organisers see it. */
export const orderRefundDto = z
  .object({
    /** pending, processing, processed (the buyer has it) or failed. */
    status: z.string(),
    amount: z.number(),
  })
  .nullable();

/** An event's Paystack channels from their stored comma-separated form, in canonical order. */
export function paystackChannelsOf(stored: string): PaystackChannel[] {
  const list = stored.split(',');
  return PAYSTACK_CHANNELS.filter((c) => list.includes(c));
}
