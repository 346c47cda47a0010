import type { Kysely } from 'kysely';

/**
 * The outbox carries SMS as well as mail (issue 15 §3, decision 041): one table, one
 * dispatcher, a transport per channel.
 * - `channel`: 'mail' (every row so far) or 'sms'; an SMS row keeps the E.164 phone in
 *   `to_address` and its text in `text_body` (`subject` empty);
 * - `claim_token`: written by each claim; a dispatcher sends a row and records its outcome
 *   only while the row still carries its token, so a dispatcher whose lease ran out (a slow
 *   batch) cannot send a message another dispatcher has claimed since;
 * - `provider_ref`: what the provider answered (Termii's message_id, SMTP's message id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('mail'))
    .addColumn('claim_token', 'uuid')
    .addColumn('provider_ref', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .dropColumn('provider_ref')
    .dropColumn('claim_token')
    .dropColumn('channel')
    .execute();
}
