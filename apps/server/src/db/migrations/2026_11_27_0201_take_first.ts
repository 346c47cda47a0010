import { sql, type Kysely } from 'kysely';

/**
 * Take first (issue 21 §2, decision 051): what two guards against twenty identical requests
 * at once need to remember. `team_invitations.sent_at`: when the invitation's link was last
 * mailed, so a send or resend within a minute of it mails nothing new. `events.duplicated_from`:
 * which event a draft was copied from, so twenty clicks on "Duplicate" make one copy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('team_invitations')
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('duplicated_from', 'uuid', (c) => c.references('events.id').onDelete('set null'))
    .execute();
  await sql`create index events_duplicated_from_idx on events (duplicated_from)
    where duplicated_from is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('duplicated_from').execute();
  await db.schema.alterTable('team_invitations').dropColumn('sent_at').execute();
}
