import { sql, type Kysely } from 'kysely';
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
