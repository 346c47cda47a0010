import type {
  EventCategory,
  EventStatus,
  EventVisibility,
  FeeMode,
  TicketKind,
} from '@gatepass/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface EventsTable {
  id: Generated<string>;
  owner_id: string;
  slug: string;
  title: string;
  summary: string | null;
  /** Markdown source. */
  description: string | null;
  category: EventCategory;
  cover_image_id: string | null;
  venue_name: string | null;
  address: string | null;
  city: string | null;
  online_url: string | null;
  start_at: Date | null;
  end_at: Date | null;
  time_zone: string;
  status: EventStatus;
  visibility: EventVisibility;
  fee_mode: FeeMode;
  /** Buyers may choose to pay offline (the organiser's choice; off by default). */
  offline_payment: Generated<boolean>;
  /** How long a confirmed offline order holds its tickets. */
  offline_hold_hours: Generated<number>;
  /** Buyers may transfer their orders to someone else (decision 033; allowed by default). */
  allow_transfers: Generated<boolean>;
  /** Until when buyers may name their tickets' holders (issue 25 §2); null: until the start. */
  ticket_names_until: Generated<Date | null>;
  /** Paystack channels its checkout offers, comma-separated (card,bank_transfer,ussd,bank). */
  paystack_channels: Generated<string>;
  cancel_reason: string | null;
  cancelled_at: Date | null;
  published_at: Date | null;
  /** The event this draft was copied from (decision 051: one copy per burst of clicks). */
  duplicated_from: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TicketTypesTable {
  id: Generated<string>;
  event_id: string;
  name: string;
  description: string | null;
  /** Integer kobo (bigint in the database, read back as a number). */
  price_kobo: number;
  capacity: number;
  /** Tickets sold; the orders module moves it inside its order transaction. */
  sold: Generated<number>;
  min_per_order: number;
  max_per_order: number;
  sales_start_at: Date | null;
  sales_end_at: Date | null;
  position: number;
  hidden: boolean;
  /** Decision 086: regular, pay what you want, donation (admits no one) or table (admits N). */
  kind: Generated<TicketKind>;
  /** Pay what you want / donation: the amount offered first (`price_kobo` is the minimum). */
  suggested_price_kobo: ColumnType<number | null, number | null | undefined, number | null>;
  /** People one ticket lets in: 1, a table's seats, 0 for a donation. */
  admits: Generated<number>;
  /** A hidden type with codes is sold to whoever brings one (decision 087), upper-case. */
  access_codes: Generated<string[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EventTables {
  events: EventsTable;
  ticket_types: TicketTypesTable;
}

export type EventRow = Selectable<EventsTable>;
export type NewEventRow = Insertable<EventsTable>;
export type EventPatch = Updateable<EventsTable>;
export type TicketTypeRow = Selectable<TicketTypesTable>;
export type NewTicketTypeRow = Insertable<TicketTypesTable>;
export type TicketTypePatch = Updateable<TicketTypesTable>;
