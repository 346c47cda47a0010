import type { FeeMode } from '@gatepass/shared';
import type { Generated, Selectable } from 'kysely';

/** One row per organiser who changed a setting; absent means every default. */
export interface OrganiserSettingsTable {
  user_id: string;
  /** Shown to buyers instead of the account's full name. */
  public_name: string | null;
  logo_media_id: string | null;
  bank_name: string | null;
  /** 10-digit NUBAN. */
  account_number: string | null;
  account_name: string | null;
  /** Paystack's bank code (GET /bank), which resolves the account and makes the subaccount. */
  bank_code: Generated<string | null>;
  /** The organiser's Paystack subaccount (ACCT_…): their share of each payment is settled to it. */
  subaccount_code: Generated<string | null>;
  /** When Paystack resolved this account to its name and the subaccount was saved. */
  payout_verified_at: Generated<Date | null>;
  /** Fee mode of events created from now on. */
  default_fee_mode: Generated<FeeMode>;
  /** Mail the organiser on each completed order. */
  order_notifications: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An email change waiting for the new address to confirm it from the mailed link. */
export interface EmailChangesTable {
  id: Generated<string>;
  user_id: string;
  new_email: string;
  /** sha256 of the link's token. */
  token_hash: string;
  expires_at: Date;
  /** Confirmed, or replaced by a later request. */
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface SettingsTables {
  organiser_settings: OrganiserSettingsTable;
  email_changes: EmailChangesTable;
}

export type OrganiserSettingsRow = Selectable<OrganiserSettingsTable>;
