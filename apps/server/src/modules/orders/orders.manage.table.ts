import type { Generated } from 'kysely';

/** Access tokens handed out by the buyer's email-checked order lookup; they expire. */
export interface OrderAccessTokensTable {
  id: Generated<string>;
  order_id: string;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: Date;
  created_at: Generated<Date>;
}

export interface OrderManageTables {
  order_access_tokens: OrderAccessTokensTable;
}
