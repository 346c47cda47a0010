import type { Kysely } from 'kysely';

/**
 * Refunds through Paystack's Refund API (docs/decisions/017-paystack-refunds.md): a
 * settled payment records the refund Paystack accepted for it, so a retry never asks
 * Paystack to refund it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    /** Paystack's id of the refund (from POST /refund), once it accepted one. */
    .addColumn('refund_id', 'text')
    /** Paystack's status of the refund when it was accepted (pending, processing, processed). */
    .addColumn('refund_status', 'text')
    .addColumn('refund_amount_kobo', 'bigint')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .dropColumn('refund_id')
    .dropColumn('refund_status')
    .dropColumn('refund_amount_kobo')
    .dropColumn('refunded_at')
    .execute();
}
