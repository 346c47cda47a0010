import type { Generated, Selectable } from 'kysely';

export type PaymentStatus = 'initialized' | 'success' | 'failed';
export type PaymentOutcome = 'completed' | 'already_paid' | 'needs_refund';

/** One attempt to pay an order at a provider, found again by our unique `reference`. */
export interface PaymentsTable {
  id: Generated<string>;
  order_id: string;
  provider: 'paystack';
  reference: string;
  amount_kobo: number;
  currency: string;
  status: Generated<PaymentStatus>;
  /** What the order made of the money, once settled. */
  outcome: PaymentOutcome | null;
  authorization_url: string | null;
  provider_status: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  settled_at: Date | null;
  /** Paystack's id of the refund it accepted for this payment; null until then. */
  refund_id: Generated<string | null>;
  refund_status: Generated<string | null>;
  refund_amount_kobo: Generated<number | null>;
  refunded_at: Generated<Date | null>;
  /** The Paystack channels initialize offered (comma-separated). */
  channels: Generated<string | null>;
  /** The channel the buyer paid with (card, bank_transfer, ussd, bank), from Paystack. */
  channel: Generated<string | null>;
  /** What Paystack charged for the transaction (its `fees`). */
  fees_kobo: Generated<number | null>;
  /** The organiser's subaccount the transaction was split with; null: no split. */
  subaccount_code: Generated<string | null>;
  /** The platform's flat share (`transaction_charge`): the order's service fee. */
  platform_charge_kobo: Generated<number | null>;
  /**
   * What Paystack charged, and in which currency, once settled (decision 056); null on
   * payments settled before it was kept. A refund returns this, not `amount_kobo`.
   */
  received_kobo: Generated<number | null>;
  received_currency: Generated<string | null>;
}

export interface PaymentTables {
  payments: PaymentsTable;
}

export type PaymentRow = Selectable<PaymentsTable>;
