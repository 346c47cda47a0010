import type { Generated, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<string>;
  full_name: string;
  /** Lower-cased; unique. */
  email: string;
  /** E.164; unique. */
  phone: string;
  password_hash: string;
  email_verified_at: Date | null;
  /** Signed up from a team invitation: the address was not typed, so shown masked until verified. */
  email_from_invitation: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  /** sha256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface EmailVerificationsTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: Generated<Date>;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
}

export type UserRow = Selectable<UsersTable>;
export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
