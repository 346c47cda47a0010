import { DEFAULT_FEE_PERCENT, type PayoutBanksDto, type ResolvedPayoutDto } from '@gatepass/shared';
import type { payoutBody, resolvePayoutQuery } from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { OneAtATime } from '../../lib/one-at-a-time.ts';
import { PaymentProviderError } from '../payments/payments.provider.ts';
import type { PaystackProvider } from '../payments/paystack.provider.ts';
import { accounts } from '../auth/auth.accounts.ts';
import * as repo from './settings.repository.ts';

type ResolveQuery = z.output<typeof resolvePayoutQuery>;
type PayoutBody = z.output<typeof payoutBody>;

/** Account names as banks write them vary in case and spacing only. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

const paystackUnreachable = () =>
  new AppError(
    502,
    'PAYMENT_FAILED',
    'We could not reach Paystack to check this account. Nothing was saved; please try again.',
  );

/**
 * The organiser's payout account (decision 038): checked with Paystack where it is
 * configured and made the organiser's subaccount, which paid online sales settle to.
 */
export class PayoutAccounts {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Set where Paystack is configured: payout accounts are resolved and become subaccounts. */
    private readonly paystack?: PaystackProvider,
  ) {}

  /** Payout saves of one organiser, one at a time (see save). */
  private readonly saves = new OneAtATime();

  /** Banks to choose from (Paystack's list), and whether payout accounts are verified here. */
  async banks(): Promise<PayoutBanksDto> {
    if (!this.paystack) return { paystack: false, banks: [] };
    try {
      return { paystack: true, banks: await this.paystack.banks() };
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      this.log.warn({ err: err.message }, 'paystack bank list failed');
      throw new AppError(
        502,
        'PAYMENT_FAILED',
        'We could not reach Paystack for the list of banks. Please try again.',
      );
    }
  }

  /** The name the bank holds for this account, from Paystack, for the organiser to confirm. */
  async resolve(query: ResolveQuery): Promise<ResolvedPayoutDto> {
    if (!this.paystack) {
      throw new AppError(
        409,
        'CONFLICT',
        'Payout accounts are not checked with Paystack on this server: type the account name yourself.',
      );
    }
    return {
      bankCode: query.bankCode,
      accountNumber: query.accountNumber,
      accountName: await this.resolveName(query.accountNumber, query.bankCode),
    };
  }

  /** Whether the organiser's payout account is verified and is a Paystack subaccount. */
  async ready(userId: string): Promise<boolean> {
    const settings = await repo.findSettings(this.db, userId);
    return Boolean(settings?.subaccount_code && settings.payout_verified_at);
  }

  private async resolveName(accountNumber: string, bankCode: string): Promise<string> {
    try {
      return await this.paystack!.resolveAccount(accountNumber, bankCode);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      this.log.warn({ err: err.message }, 'paystack account resolution failed');
      if (!err.refusal) throw paystackUnreachable();
      const message =
        'This account number was not found at the chosen bank. Check the number and the bank.';
      throw new AppError(400, 'ACCOUNT_NOT_RESOLVED', message, {
        issues: [{ field: 'accountNumber', message }],
      });
    }
  }

  /**
   * Saves the payout account. Where Paystack is configured the account is resolved with
   * Paystack first, must carry the name the organiser confirmed, and becomes (or updates)
   * the organiser's Paystack subaccount; if any of that fails, nothing is saved. Removing
   * the account keeps the subaccount's code (a new account updates it) but unverifies it.
   */
  async save(userId: string, body: PayoutBody | null): Promise<void> {
    if (!body) {
      await repo.saveSettings(this.db, userId, {
        bank_name: null,
        account_number: null,
        account_name: null,
        bank_code: null,
        payout_verified_at: null,
      });
      return;
    }
    if (!this.paystack) {
      await repo.saveSettings(this.db, userId, {
        bank_name: body.bankName,
        account_number: body.accountNumber,
        account_name: body.accountName,
        bank_code: body.bankCode ?? null,
        payout_verified_at: null,
      });
      return;
    }
    if (!body.bankCode) {
      const message = 'Choose your bank from the list.';
      throw new AppError(400, 'VALIDATION_FAILED', message, {
        issues: [{ field: 'bankCode', message }],
      });
    }
    const resolved = await this.resolveName(body.accountNumber, body.bankCode);
    if (!sameName(resolved, body.accountName)) {
      throw new AppError(
        409,
        'CONFLICT',
        `The bank says this account belongs to "${resolved}". Check the account number, or confirm that name.`,
        { accountName: resolved },
      );
    }
    // One save at a time per organiser, the Paystack call included: twenty saves at once
    // make one subaccount, and the later ones find the account already saved (decision 051).
    // Serialised in this process, not by a database lock held across the Paystack call:
    // that would keep PGlite's only connection while the demo's sandbox needs it.
    const subaccount = await this.saves.run(userId, async () => {
      const [user, settings] = await Promise.all([
        accounts.find(this.db, userId),
        repo.findSettings(this.db, userId),
      ]);
      if (!user) throw notFound('This account no longer exists.');
      if (
        settings?.subaccount_code &&
        settings.payout_verified_at &&
        settings.bank_code === body.bankCode &&
        settings.account_number === body.accountNumber &&
        settings.account_name === resolved
      ) {
        return settings.subaccount_code;
      }
      let code: string;
      try {
        code = await this.paystack!.saveSubaccount(
          {
            businessName: settings?.public_name ?? user.fullName,
            bankCode: body.bankCode!,
            accountNumber: body.accountNumber,
            percentageCharge: DEFAULT_FEE_PERCENT,
            email: user.email,
          },
          settings?.subaccount_code ?? null,
        );
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        this.log.warn({ userId, err: err.message }, 'paystack subaccount failed');
        throw err.refusal
          ? new AppError(
              502,
              'PAYMENT_FAILED',
              `Paystack did not accept this payout account: "${err.refusal}". Nothing was saved.`,
            )
          : paystackUnreachable();
      }
      await repo.saveSettings(this.db, userId, {
        bank_name: body.bankName,
        account_number: body.accountNumber,
        account_name: resolved,
        bank_code: body.bankCode!,
        subaccount_code: code,
        payout_verified_at: new Date(),
      });
      return code;
    });
    this.log.info({ userId, subaccount }, 'payout account verified');
  }
}

/**
 * Whether paid tickets sold online need a verified payout account that this organiser lacks:
 * Paystack is the online provider and test mode is off (decision 038). Events ask it before
 * publishing paid tickets.
 */
export function payoutMissing(
  payout: Pick<PayoutAccounts, 'ready'>,
  config: { paystackSecretKey: string | undefined; paymentsTestMode: boolean },
): (ownerId: string) => Promise<boolean> {
  return async (ownerId) =>
    Boolean(config.paystackSecretKey) && !config.paymentsTestMode && !(await payout.ready(ownerId));
}
