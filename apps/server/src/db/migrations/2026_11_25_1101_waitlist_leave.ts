import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 §2 loose ends (decision 047): a person can leave the waiting list themselves from
 * the link in their mails, and their place then reads `left` (not `removed`, which is the
 * organiser's doing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table waitlist_entries drop constraint waitlist_entries_status_check`.execute(db);
  await sql`alter table waitlist_entries add constraint waitlist_entries_status_check
    check (status in ('waiting', 'offered', 'claimed', 'expired', 'removed', 'left'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update waitlist_entries set status = 'removed' where status = 'left'`.execute(db);
  await sql`alter table waitlist_entries drop constraint waitlist_entries_status_check`.execute(db);
  await sql`alter table waitlist_entries add constraint waitlist_entries_status_check
    check (status in ('waiting', 'offered', 'claimed', 'expired', 'removed'))`.execute(db);
}
