import type { Generated, Selectable } from 'kysely';

export type WaitlistStatus = 'waiting' | 'offered' | 'claimed' | 'expired' | 'removed' | 'left';

/** One person in line for a sold-out ticket type (decision 032). */
export interface WaitlistEntriesTable {
  id: Generated<string>;
  /** Arrival order: the line is served by position. */
  position: Generated<string>;
  event_id: string;
  ticket_type_id: string;
  name: string;
  email: string;
  /** The email normalised: one live place per email and ticket type. */
  email_key: string;
  quantity: number;
  status: Generated<WaitlistStatus>;
  /** The pending order that holds the offered tickets. */
  order_id: string | null;
  /** SHA-256 of the claim link's token (the link itself is only in the mail). */
  claim_token_hash: string | null;
  offered_at: Date | null;
  offered_until: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WaitlistTables {
  waitlist_entries: WaitlistEntriesTable;
}

export type WaitlistEntryRow = Selectable<WaitlistEntriesTable>;
