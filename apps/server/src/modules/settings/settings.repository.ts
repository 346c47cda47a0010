import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrganiserSettingsRow, OrganiserSettingsTable } from './settings.table.ts';

type Db = Kysely<Database>;

/**
 * The organiser's settings row, and the account fields the settings page changes on the
 * users and sessions tables (profile, password, other sessions). Signing in and codes stay
 * with the auth module.
 */

export function findSettings(db: Db, userId: string): Promise<OrganiserSettingsRow | undefined> {
  return db
    .selectFrom('organiser_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export type SettingsPatch = Omit<
  Partial<Insertable<OrganiserSettingsTable>>,
  'user_id' | 'created_at' | 'updated_at'
>;

/** Creates the row on the first change; later changes update only the given columns. */
export async function saveSettings(db: Db, userId: string, patch: SettingsPatch): Promise<void> {
  await db
    .insertInto('organiser_settings')
    .values({
      user_id: userId,
      public_name: null,
      logo_media_id: null,
      bank_name: null,
      account_number: null,
      account_name: null,
      ...patch,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ ...patch, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

/** What the order-completion hook needs: whether to mail, and where. */
export function findNotificationTarget(db: Db, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('organiser_settings as s', 's.user_id', 'u.id')
    .select(['u.email', 'u.full_name', 's.order_notifications', 's.public_name'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

// The account ----------------------------------------------------------------------------

export function findAccount(db: Db, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** Another account holding this email or phone, if any. */
export function findOtherAccount(
  db: Db,
  userId: string,
  by: { email: string } | { phone: string },
) {
  let query = db.selectFrom('users').select('id').where('id', '<>', userId);
  query = 'email' in by ? query.where('email', '=', by.email) : query.where('phone', '=', by.phone);
  return query.executeTakeFirst();
}

export async function updateAccount(
  db: Db,
  userId: string,
  patch: { full_name?: string; phone?: string; email?: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...patch,
      // A new address is unproven until its code is entered.
      ...(patch.email !== undefined ? { email_verified_at: null } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Replaces the password only if it is still the one that was checked (`checkedHash`): of
 * two changes checked against the same password at once, one wins (decision 051).
 */
export async function updatePassword(
  db: Db,
  userId: string,
  checkedHash: string,
  passwordHash: string,
): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('password_hash', '=', checkedHash)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Signs out every other device: revokes the user's live sessions except `keepTokenHash`. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepTokenHash: string,
): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('token_hash', '<>', keepTokenHash)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** Unused reset links stop working once the password has been changed another way. */
export async function closeOpenResets(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

// Email changes ---------------------------------------------------------------------------

/** The open (unused, unexpired) change of this account, if any. */
export function findPendingEmailChange(db: Db, userId: string) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Ends every open change of the account (a newer request, a cancel, a confirmation). */
export async function closeEmailChanges(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertEmailChange(
  db: Db,
  row: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      user_id: row.userId,
      new_email: row.newEmail,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Uses the account's open change with this token, once: answers the new email, or
 * undefined for an unknown, used, expired or another account's token.
 */
export async function useEmailChange(
  db: Db,
  userId: string,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('email_changes')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('new_email')
    .executeTakeFirst();
  return row?.new_email;
}

/** The confirmed address replaces the old one, verified (the link proved it). */
export async function setConfirmedEmail(db: Db, userId: string, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, email_verified_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}
