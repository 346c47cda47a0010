import type { ApiTokenScope } from '@gatepass/shared';
import type { ColumnType, Generated } from 'kysely';

export interface ApiTokensTable {
  id: Generated<string>;
  /** The owner's user id: the organiser the token acts for. */
  organiser_id: string;
  name: string;
  scope: ApiTokenScope;
  /** null: every event of the organiser, now and later. */
  event_ids: ColumnType<string[] | null, string[] | null, never>;
  /** SHA-256 (hex) of the secret; the secret itself is shown once and never stored. */
  token_hash: string;
  /** The secret's first characters, to tell tokens apart in the list. */
  prefix: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface ApiTokenTables {
  api_tokens: ApiTokensTable;
}
