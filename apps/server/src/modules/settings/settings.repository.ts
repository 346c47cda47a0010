import { sql, type Expression, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrganiserSettingsRow, OrganiserSettingsTable } from './settings.table.ts';

type Db = Kysely<Database>;

/**
 * The organiser's settings row and the account's pending email changes. The account itself
 * (name, phone, email, password, sessions) is the auth module's: settings asks it through
 * `auth.accounts.ts` (decision 064).
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

/** The organiser's subaccount and the account it settles to. */
export function findPayoutAccount(db: Db, userId: string) {
  return db
    .selectFrom('organiser_settings')
    .select([
      'subaccount_code',
      'payout_verified_at',
      'bank_name',
      'account_number',
      'account_name',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** What the order-completion hook needs of the organiser's settings. */
export function findNotificationSettings(db: Db, userId: string) {
  return db
    .selectFrom('organiser_settings')
    .select(['order_notifications', 'public_name'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
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

// Values for other modules' statements (settings.organisers.ts) ---------------------------

/** The organiser's public name, or null, as a scalar subquery. */
export const publicNameOf = (userId: Expression<string>) =>
  sql<string | null>`(select s.public_name from organiser_settings s where s.user_id = ${userId})`;

/** The public name when set (not blank), else `accountName`. */
export const displayNameOf = (userId: Expression<string>, accountName: Expression<string>) =>
  sql<string>`coalesce(nullif(${publicNameOf(userId)}, ''), ${accountName})`;

/** The organiser's logo (a media id), or null, as a scalar subquery. */
export const logoOf = (userId: Expression<string>) =>
  sql<
    string | null
  >`(select s.logo_media_id from organiser_settings s where s.user_id = ${userId})`;

/** Whether the payout account is a verified Paystack subaccount (decision 038). */
export const payoutReadyOf = (userId: Expression<string>) =>
  sql<boolean>`exists (select s.user_id from organiser_settings s where s.user_id = ${userId} and s.subaccount_code is not null and s.payout_verified_at is not null)`;

/** The payout subaccount when Paystack verified it (decision 038), else null. */
export const payoutSubaccountOf = (userId: Expression<string>) =>
  sql<
    string | null
  >`(select s.subaccount_code from organiser_settings s where s.user_id = ${userId} and s.payout_verified_at is not null)`;

/** The public name when set (not blank), else the account's name; undefined: no account. */
export async function findDisplayName(
  db: Db,
  userId: string,
  accountNameOf: (userId: Expression<string>) => Expression<string>,
): Promise<string | undefined> {
  const id = sql<string>`${userId}::uuid`;
  // No account: both subqueries are null.
  const name = sql<string | null>`${displayNameOf(id, accountNameOf(id))}`;
  const row = await db.selectNoFrom(name.as('name')).executeTakeFirstOrThrow();
  return row.name ?? undefined;
}
