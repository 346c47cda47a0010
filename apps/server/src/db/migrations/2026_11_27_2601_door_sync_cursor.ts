import { sql, type Kysely } from 'kysely';

/**
 * The door's sync cursor (issue 23 §3, decision 088): an idle door asks "what changed in
 * this event's orders since my cursor?", answered by a range scan of this index from the
 * newest change back: a few index entries, not the event's 100,000 rows. The sale's
 * updates of an order change its `status` (already indexed), so they were not HOT updates
 * before either; the door's own check-in update becomes one more index write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_event_updated_idx on orders (event_id, updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_event_updated_idx`.execute(db);
}
