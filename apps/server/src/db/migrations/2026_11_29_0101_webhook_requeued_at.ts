import { sql, type Kysely } from 'kysely';

/**
 * When a delivery was last queued again (decision 115): a burst of "Redeliver" presses
 * queues it once even when the first press's attempt has already finished by the time the
 * last press arrives.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_deliveries add column requeued_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_deliveries drop column requeued_at`.execute(db);
}
