import type { Db } from '../../db/database.ts';
import * as repo from './payments.repository.ts';

export type { PayoutFilters, PayoutPaymentRow } from './payments.repository.ts';

/**
 * What others ask of payments (finances' payout ledger): `payments` is this module's table
 * (decision 064), read only through here; each function takes the caller's `db`.
 */
export const paymentLookup = {
  /** The organiser's split Paystack payments settled in the window, at most `limit`. */
  payoutPayments: (db: Db, f: repo.PayoutFilters, limit: number) =>
    repo.payoutPayments(db, f, limit),
};
