import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EmailVerificationRow, UserRow } from './auth.table.ts';

type Db = Kysely<Database>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(
  db: Db,
  user: {
    fullName: string;
    email: string;
    phone: string;
    passwordHash: string;
    emailFromInvitation?: boolean;
  },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      full_name: user.fullName,
      email: user.email,
      phone: user.phone,
      password_hash: user.passwordHash,
      email_verified_at: null,
      email_from_invitation: user.emailFromInvitation ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email_verified_at: sql<Date>`coalesce(email_verified_at, now())`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

export async function updatePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

// Sessions ---------------------------------------------------------------------------

export async function insertSession(
  db: Db,
  session: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The user behind a live session: not revoked, not expired. */
export function findUserBySessionHash(db: Db, tokenHash: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

// Email verification codes ------------------------------------------------------------

/** A new code replaces every earlier one, so only the latest mail's code works. */
export async function replaceVerification(
  db: Db,
  v: { userId: string; email: string; codeHash: string; expiresAt: Date; id: string },
): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set({ consumed_at: sql<Date>`now()` })
    .where('user_id', '=', v.userId)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('email_verifications')
    .values({
      id: v.id,
      user_id: v.userId,
      email: v.email,
      code_hash: v.codeHash,
      expires_at: v.expiresAt,
      consumed_at: null,
    })
    .execute();
}

export function findOpenVerification(
  db: Db,
  userId: string,
): Promise<EmailVerificationRow | undefined> {
  return db
    .selectFrom('email_verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

export async function countVerificationAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .execute();
}

export async function consumeVerification(db: Db, id: string): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set({ consumed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

// Password resets --------------------------------------------------------------------

export async function insertPasswordReset(
  db: Db,
  r: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ user_id: r.userId, token_hash: r.tokenHash, expires_at: r.expiresAt, used_at: null })
    .execute();
}

/** A reset token's state, read without using it. */
export function findPasswordReset(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .select(['used_at', 'expires_at', sql<boolean>`expires_at > now()`.as('live')])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks a live reset token used and returns its user, in one statement, so two
 * simultaneous submissions of the same link cannot both succeed.
 */
export async function usePasswordReset(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

// The account, as other modules change it (auth.accounts.ts) ----------------------------

/** Whether another account holds this email or phone. */
export async function isTakenByAnother(
  db: Db,
  userId: string,
  by: { email: string } | { phone: string },
): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('id', '<>', userId);
  query = 'email' in by ? query.where('email', '=', by.email) : query.where('phone', '=', by.phone);
  return (await query.executeTakeFirst()) !== undefined;
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
export async function updatePasswordIfUnchanged(
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

/** The confirmed address replaces the old one, verified (the link proved it). */
export async function setConfirmedEmail(db: Db, userId: string, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, email_verified_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Where mail to an account goes: its address and name. */
export function findContact(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; full_name: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The account's full name, as a value (a scalar subquery) in another statement. */
export const fullNameOf = (userId: Expression<string>) =>
  sql<string>`(select u.full_name from users u where u.id = ${userId})`;

/** The account's email, as a value (a scalar subquery) in another statement. */
export const emailOf = (userId: Expression<string>) =>
  sql<string>`(select u.email from users u where u.id = ${userId})`;
