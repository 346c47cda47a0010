import type { OrderStatus, PaymentMethod } from '@gatepass/shared';
import type { Generated, Selectable } from 'kysely';

export interface OrdersTable {
  id: Generated<string>;
  /** The spec's orderCode: 8 random digits, unique. */
  code: string;
  event_id: string;
  buyer_user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status: OrderStatus;
  payment_method: PaymentMethod | null;
  payment_ref: string | null;
  /** Tickets in the order. */
  quantity: number;
  subtotal_kobo: number;
  discount_kobo: Generated<number>;
  fee_kobo: Generated<number>;
  total_kobo: number;
  fee_mode: 'pass' | 'absorb';
  promo_code_id: string | null;
  access_token_hash: string;
  /** While pending, the tickets are held until then. */
  reserved_until: Date | null;
  paid_at: Date | null;
  attended_at: Date | null;
  attended_by: string | null;
  cancelled_at: Date | null;
  /** Money arrived that the order could not take (late, duplicate, wrong amount): refund it. */
  needs_refund: Generated<boolean>;
  /** The buyer's email and phone normalised (orders.identity.ts): open holds per buyer. */
  email_key: string | null;
  phone_key: string | null;
  /** SHA-256 of the single-use link that confirms an offline order's email (decision 025). */
  hold_token_hash: string | null;
  /** When the buyer confirmed their email: an offline order then keeps its long hold. */
  hold_confirmed_at: Date | null;
  /** The latest refund's state at Paystack (pending, processing, processed, failed). */
  refund_status: Generated<string | null>;
  refund_kobo: Generated<number | null>;
  /**
   * A ticket named and sent to its holder is an order of its own (decision 080): the order
   * it came from, which keeps the money. Null for every order a buyer placed.
   */
  parent_order_id: Generated<string | null>;
  /** The holders the buyer named, by ticket number (decision 080); null while none is. */
  ticket_names: Generated<TicketNames | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One named ticket of an order: its number (1…), its holder, and its own order once sent. */
export interface TicketName {
  index: number;
  firstName: string;
  lastName: string;
  email: string | null;
  /** The ticket's own order once it was sent to its holder (decision 080). */
  orderId?: string;
}
export type TicketNames = TicketName[];

export interface OrderItemsTable {
  id: Generated<string>;
  order_id: string;
  ticket_type_id: string;
  /** The ticket type's name when bought. */
  name: string;
  quantity: number;
  unit_price_kobo: number;
  /** People each ticket of the line lets in, when bought: 1, a table's seats, 0 a donation. */
  admits: Generated<number>;
}

export interface OrderHistoryTable {
  id: Generated<string>;
  order_id: string;
  kind: string;
  detail: string | null;
  actor_user_id: string | null;
  created_at: Generated<Date>;
}

/** Every transfer of an order: the code and holder before and after (decision 033). */
export interface OrderTransfersTable {
  id: Generated<string>;
  order_id: string;
  from_code: string;
  to_code: string;
  from_first_name: string;
  from_last_name: string;
  from_email: string;
  to_first_name: string;
  to_last_name: string;
  to_email: string;
  actor_user_id: string | null;
  created_at: Generated<Date>;
}

export interface OrderTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_history: OrderHistoryTable;
  order_transfers: OrderTransfersTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
