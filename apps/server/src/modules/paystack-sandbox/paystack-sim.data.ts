import type { SimTransaction } from './paystack-sim.ts';

/** The banks the simulation knows (GET /bank), with Paystack's codes. */
export const SIM_BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Zenith Bank', code: '057' },
];

/** Paystack's transaction object, as verify, webhooks and settlements show it. */
export function transactionData(t: SimTransaction) {
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    receipt_number: null,
    amount: t.amount,
    message: null,
    gateway_response:
      t.status === 'success'
        ? 'Successful'
        : t.status === 'failed'
          ? 'Declined'
          : 'The transaction was not completed',
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: t.channel,
    currency: t.currency,
    ip_address: '197.210.54.33',
    metadata: t.metadata,
    fees: t.status === 'success' ? Math.min(Math.round(t.amount * 0.015) + 10_000, 200_000) : null,
    customer: { id: 181873746, email: t.email, customer_code: 'CUS_fake' },
    authorization:
      t.status === 'success'
        ? { authorization_code: 'AUTH_fake', channel: t.channel, last4: '4081', bank: 'TEST BANK' }
        : {},
    subaccount: t.subaccount ? { subaccount_code: t.subaccount } : {},
    requested_amount: t.amount,
    transaction_date: t.createdAt,
  };
}
