import { sql, type Kysely } from 'kysely';

/**
 * Issue 24 §2, decision 053: an account signed up from a team invitation takes the invited
 * address without its holder typing it. Until that address is verified, the app shows it
 * masked (the link may have been forwarded), so it must know which accounts those are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column email_from_invitation boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column email_from_invitation`.execute(db);
}
