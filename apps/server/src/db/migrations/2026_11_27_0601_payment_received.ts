import type { Kysely } from 'kysely';

/**
 * What Paystack actually charged for a payment (decision 056). `amount_kobo` is what the
 * order asked for; after a mismatch (100 kobo charged for 533,000 asked) a refund must
 * return what was received, in its currency, and a refund webhook's amount is capped at it.
 * Null on payments settled before this column: they were settled at `amount_kobo`, NGN,
 * unless flagged as a mismatch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('received_kobo', 'bigint')
    .addColumn('received_currency', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .dropColumn('received_kobo')
    .dropColumn('received_currency')
    .execute();
}
