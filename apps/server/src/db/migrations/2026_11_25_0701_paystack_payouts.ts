import type { Kysely } from 'kysely';

/**
 * Money in and out through Paystack (issue 15 §1–2, decisions 036–038):
 * - each event chooses which Paystack channels its checkout offers (all four by default);
 * - the organiser's payout account is resolved with Paystack and becomes a Paystack
 *   subaccount, so every transaction is split: the platform's fee to us, the rest settled
 *   by Paystack to the organiser's bank;
 * - each payment keeps the channel the buyer paid with, Paystack's fees, the subaccount and
 *   the platform's share it was initialized with (the payout ledger's figures);
 * - an order shows the state of its refund, followed from Paystack's refund webhooks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('paystack_channels', 'text', (c) =>
      c.notNull().defaultTo('card,bank_transfer,ussd,bank'),
    )
    .execute();
  await db.schema
    .alterTable('organiser_settings')
    .addColumn('bank_code', 'text')
    .addColumn('subaccount_code', 'text')
    .addColumn('payout_verified_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('channels', 'text')
    .addColumn('channel', 'text')
    .addColumn('fees_kobo', 'bigint')
    .addColumn('subaccount_code', 'text')
    .addColumn('platform_charge_kobo', 'bigint')
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refund_status', 'text')
    .addColumn('refund_kobo', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .dropColumn('refund_status')
    .dropColumn('refund_kobo')
    .execute();
  await db.schema
    .alterTable('payments')
    .dropColumn('channels')
    .dropColumn('channel')
    .dropColumn('fees_kobo')
    .dropColumn('subaccount_code')
    .dropColumn('platform_charge_kobo')
    .execute();
  await db.schema
    .alterTable('organiser_settings')
    .dropColumn('bank_code')
    .dropColumn('subaccount_code')
    .dropColumn('payout_verified_at')
    .execute();
  await db.schema.alterTable('events').dropColumn('paystack_channels').execute();
}
