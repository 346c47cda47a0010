import type { Generated, Selectable } from 'kysely';

/** A wallet pass handed out: an order under one code (decision 043). */
export interface WalletPassesTable {
  /** `{order id}-{digest of the code}`: stable through every change of the order but a transfer. */
  serial_number: string;
  order_id: string;
  /** The order's code and holder when the pass was issued (a transfer voids it). */
  code: string;
  holder_name: string;
  /** SHA-256 of what the pass shows; a change is pushed to the wallets. */
  content_hash: string;
  /** When what it shows last changed: Last-Modified, and Apple's update tag. */
  changed_at: Generated<Date>;
  /** The newest of its order's and event's `updated_at` already compared. */
  seen_at: Date;
  /** Changed, and not yet pushed to every wallet that holds it. */
  pending: Generated<boolean>;
  attempts: Generated<number>;
  /** Not before then: a sweeper's lease while it pushes, or the backoff after a failure. */
  next_attempt_at: Date | null;
  last_error: string | null;
  apple_issued_at: Date | null;
  google_issued_at: Date | null;
  created_at: Generated<Date>;
}

/** An Apple device that asked for a pass's updates (PassKit web service). */
export interface WalletRegistrationsTable {
  device_library_id: string;
  serial_number: string;
  push_token: string;
  created_at: Generated<Date>;
}

export interface WalletTables {
  wallet_passes: WalletPassesTable;
  wallet_registrations: WalletRegistrationsTable;
}

export type WalletPassRow = Selectable<WalletPassesTable>;
