import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import * as repo from './auth.repository.ts';

type Db = Kysely<Database>;

/**
 * An account as another module sees it. `passwordHash` lets settings check the current
 * password and then change it only if it is still the one it checked (decision 051); like
 * every field here it stays in the server.
 */
export interface Account {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  emailVerified: boolean;
  passwordHash: string;
}

/**
 * What other modules may read and change of an account (settings, team, mail, events,
 * payouts): `users`, `sessions` and `password_resets` are the auth module's tables, and only
 * its repository names them (decision 064). Every function takes the caller's `db` or `trx`,
 * so a change joins the caller's transaction. The `…Of` functions are values for the
 * caller's own statement (one statement keeps its order, its locks and its speed).
 */
export const accounts = {
  async find(db: Db, userId: string): Promise<Account | undefined> {
    const row = await repo.findUserById(db, userId);
    return (
      row && {
        id: row.id,
        fullName: row.full_name,
        email: row.email,
        phone: row.phone,
        emailVerified: row.email_verified_at !== null,
        passwordHash: row.password_hash,
      }
    );
  },

  /** Where mail to the account goes. */
  async contact(db: Db, userId: string): Promise<{ email: string; fullName: string } | undefined> {
    const row = await repo.findContact(db, userId);
    return row && { email: row.email, fullName: row.full_name };
  },

  /** Whether another account holds this email or phone. */
  isTakenByAnother: (db: Db, userId: string, by: { email: string } | { phone: string }) =>
    repo.isTakenByAnother(db, userId, by),

  /** Name and phone (the email changes only through `setConfirmedEmail`). */
  updateProfile: (db: Db, userId: string, patch: { fullName?: string; phone?: string }) =>
    repo.updateAccount(db, userId, {
      ...(patch.fullName !== undefined ? { full_name: patch.fullName } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
    }),

  /**
   * Stores the new password if the stored one is still `checkedHash`, signs out every other
   * session (`keepTokenHash` stays) and closes unused reset links. False: another change won.
   */
  async changePassword(
    trx: Db,
    userId: string,
    change: { checkedHash: string; newHash: string; keepTokenHash: string },
  ): Promise<boolean> {
    if (!(await repo.updatePasswordIfUnchanged(trx, userId, change.checkedHash, change.newHash)))
      return false;
    await repo.revokeOtherSessions(trx, userId, change.keepTokenHash);
    await repo.closeOpenResets(trx, userId);
    return true;
  },

  /** The confirmed address replaces the old one, verified (the link proved it). */
  setConfirmedEmail: (trx: Db, userId: string, email: string) =>
    repo.setConfirmedEmail(trx, userId, email),

  /** The account's full name, as a value in the caller's statement. */
  fullNameOf: repo.fullNameOf,

  /** The account's email, as a value in the caller's statement. */
  emailOf: repo.emailOf,
};
