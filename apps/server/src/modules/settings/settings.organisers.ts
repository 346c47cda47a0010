import type { Expression, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { accounts } from '../auth/auth.accounts.ts';
import * as repo from './settings.repository.ts';

type Db = Kysely<Database>;

/**
 * What other modules may read of an organiser's settings (events, team, finances):
 * `organiser_settings` is the settings module's table, and only its repository names it
 * (decision 064). The `…Of` functions are values for the caller's own
 * statement — the public event page, checkout's sale event, a team's workspace list — so a
 * read stays one statement, with its order, its locks and its speed.
 */
export const organisers = {
  /** The public name set in settings, or null. */
  publicNameOf: repo.publicNameOf,

  /** The name buyers and team members see: the public name if set, else the account's. */
  displayNameOf: (userId: Expression<string>) =>
    repo.displayNameOf(userId, accounts.fullNameOf(userId)),

  /** The organiser's logo (a media id), or null. */
  logoOf: repo.logoOf,

  /** Whether the payout account is verified with Paystack, a subaccount (decision 038). */
  payoutReadyOf: repo.payoutReadyOf,

  /** The verified payout subaccount (Paystack splits to it), or null. */
  payoutSubaccountOf: repo.payoutSubaccountOf,

  /** The name buyers and team members see, or undefined when there is no such account. */
  displayName: (db: Db, userId: string) => repo.findDisplayName(db, userId, accounts.fullNameOf),

  /** The organiser's subaccount and the account it settles to (the payout ledger). */
  payoutAccount: (db: Db, userId: string) => repo.findPayoutAccount(db, userId),
};
