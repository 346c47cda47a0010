import { sql, type Kysely } from 'kysely';

/**
 * The outbox's claim (decision 103): the oldest due rows of one channel, found by a range of
 * this index. The claim ordered pending rows by `created_at` through the (status,
 * next_attempt_at) index, so it read and sorted every pending row to find twenty; during a
 * flash sale that is tens of thousands of confirmations, read again by every claim. The
 * webhook dispatcher, kicked after every committed group of orders, read them all to find
 * none of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index mail_outbox_claim_idx on mail_outbox (channel, created_at)
    where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mail_outbox_claim_idx`.execute(db);
}
