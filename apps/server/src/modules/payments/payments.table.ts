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
}

export interface PaymentTables {
  payments: PaymentsTable;
}

export type PaymentRow = Selectable<PaymentsTable>;
