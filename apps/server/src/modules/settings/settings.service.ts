import {
  SETTINGS_LIMITS,
  type changeEmailBody,
  type changePasswordBody,
  type FeeMode,
  type payoutBody,
  type SettingsDto,
  type updateOrganiserBody,
  type updatePreferencesBody,
  type updateProfileBody,
} from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { shortCache } from '../../lib/short-cache.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { LimitsOf } from '../../lib/rate-limiter.ts';
import { assertUncommonPassword } from '../../lib/common-passwords.ts';
import { hashPassword, newToken, sha256, verifyPassword } from '../../lib/secrets.ts';
import { accounts, type Account } from '../auth/auth.accounts.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { mediaUrl, type MediaService } from '../media/media.service.ts';
import type { OrderCompletedHook } from '../orders/orders.service.ts';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  orderNotificationMail,
  passwordChangedMail,
} from './settings.mails.ts';
import * as repo from './settings.repository.ts';
import type { PaystackProvider } from '../payments/paystack.provider.ts';
import { PayoutAccounts } from './settings.payout.ts';

export { payoutMissing } from './settings.payout.ts';

type ProfileBody = z.output<typeof updateProfileBody>;
type OrganiserBody = z.output<typeof updateOrganiserBody>;
type PayoutBody = z.output<typeof payoutBody>;
type PreferencesBody = z.output<typeof updatePreferencesBody>;
type PasswordBody = z.output<typeof changePasswordBody>;
type EmailBody = z.output<typeof changeEmailBody>;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  profileSaved: 'Profile saved.',
  emailNeedsPassword:
    'To change your email, use "Change email": it asks for your password and a confirmation from the new address.',
  emailChangeSent:
    'Open the link we emailed to your new address to confirm it. Until then your email stays as it is.',
  emailChangeCancelled: 'The email change was cancelled. Your email stays as it is.',
  emailChangeConfirmed: 'Your email has been changed.',
  emailChangeInvalid:
    'This confirmation link is invalid, used or expired. Ask for a new one in Settings.',
  payoutSaved: 'Payout account saved.',
  payoutRemoved: 'Payout account removed.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
} as const;

export const SETTINGS_LIMIT_RULES = {
  /** Wrong current passwords per account; a correct one clears it. */
  passwordFailuresPerUser: { points: 10, duration: 15 * 60 },
  /** Email change requests per account (each mails two addresses). */
  emailChangesPerUser: { points: 5, duration: 60 * 60 },
};

export type SettingsLimits = LimitsOf<typeof SETTINGS_LIMIT_RULES>;

const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'Another account already uses this email.');
const phoneTaken = () =>
  new AppError(409, 'PHONE_TAKEN', 'Another account already uses this phone number.');

/** The organiser's settings page: account, public identity, payout, preferences, password. */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly media: MediaService,
    private readonly mail: MailService,
    private readonly limits: SettingsLimits,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** Set where Paystack is configured: payout accounts are resolved and become subaccounts. */
    paystack?: PaystackProvider,
  ) {
    this.payout = new PayoutAccounts(db, log, paystack);
  }

  /** The payout account: Paystack's banks, an account's name, the subaccount. */
  readonly payout: PayoutAccounts;

  async get(userId: string): Promise<SettingsDto> {
    const [user, settings] = await Promise.all([
      accounts.find(this.db, userId),
      repo.findSettings(this.db, userId),
    ]);
    if (!user) throw notFound('This account no longer exists.');
    const pending = await repo.findPendingEmailChange(this.db, userId);
    const payout =
      settings?.bank_name && settings.account_number && settings.account_name
        ? {
            bankName: settings.bank_name,
            accountNumber: settings.account_number,
            accountName: settings.account_name,
            bankCode: settings.bank_code,
            verified: Boolean(settings.subaccount_code && settings.payout_verified_at),
          }
        : null;
    return {
      profile: {
        fullName: user.fullName,
        email: user.email,
        emailVerified: user.emailVerified,
        pendingEmail: pending?.new_email ?? null,
        phoneNumber: user.phone,
      },
      organiser: {
        publicName: settings?.public_name ?? null,
        displayName: settings?.public_name ?? user.fullName,
        logoMediaId: settings?.logo_media_id ?? null,
        logoUrl: settings?.logo_media_id ? mediaUrl(settings.logo_media_id) : null,
      },
      payout,
      preferences: {
        defaultFeeMode: settings?.default_fee_mode ?? 'pass',
        orderNotifications: settings?.order_notifications ?? false,
      },
    };
  }

  /**
   * Name and phone. The email changes only through `requestEmailChange` (password, then the
   * new address's confirmation): a different email here is refused.
   */
  async updateProfile(
    userId: string,
    body: ProfileBody,
  ): Promise<{ settings: SettingsDto; message: string }> {
    const user = await accounts.find(this.db, userId);
    if (!user) throw notFound('This account no longer exists.');
    const patch: { fullName?: string; phone?: string } = {};
    if (body.fullName !== undefined && body.fullName !== user.fullName)
      patch.fullName = body.fullName;
    if (body.email !== undefined && body.email !== user.email) {
      throw new AppError(400, 'VALIDATION_FAILED', SETTINGS_MESSAGES.emailNeedsPassword, {
        issues: [{ field: 'email', message: SETTINGS_MESSAGES.emailNeedsPassword }],
      });
    }
    if (body.phoneNumber !== undefined) {
      const phone = normalizePhone(body.phoneNumber);
      if (!phone)
        throw new AppError(400, 'VALIDATION_FAILED', 'Please enter a valid phone number.', {
          issues: [{ field: 'phoneNumber', message: 'Please enter a valid phone number.' }],
        });
      if (phone !== user.phone) {
        if (await accounts.isTakenByAnother(this.db, userId, { phone })) throw phoneTaken();
        patch.phone = phone;
      }
    }
    if (Object.keys(patch).length > 0) {
      try {
        await accounts.updateProfile(this.db, userId, patch);
      } catch (err) {
        // Two accounts racing for one number: the unique index decides.
        if (isUniqueViolation(err, 'phone')) throw phoneTaken();
        throw err;
      }
    }
    return { settings: await this.get(userId), message: SETTINGS_MESSAGES.profileSaved };
  }

  /** The current password, checked with the per-account limit of wrong ones. */
  private async checkCurrentPassword(userId: string, password: string): Promise<Account> {
    await this.limits.passwordFailuresPerUser.check(userId);
    const user = await accounts.find(this.db, userId);
    if (!user) throw notFound('This account no longer exists.');
    if (!(await verifyPassword(password, user.passwordHash))) {
      await this.limits.passwordFailuresPerUser.penalise(userId);
      // 400, not 401: the session is fine, and a 401 would sign the web client out.
      throw new AppError(400, 'INVALID_CREDENTIALS', 'Your current password is not right.', {
        issues: [{ field: 'currentPassword', message: 'Your current password is not right.' }],
      });
    }
    await this.limits.passwordFailuresPerUser.reset(userId);
    return user;
  }

  /**
   * Asks to move the account to a new email (issue 16 §4): the current password first (a
   * stolen session alone cannot do it), then a single-use link to the new address; the old
   * one is told, with no link in that mail. Until the link is opened the old email stays
   * and the new one is not reserved. A newer request replaces an open one.
   */
  async requestEmailChange(
    userId: string,
    body: EmailBody,
  ): Promise<{ settings: SettingsDto; message: string }> {
    const user = await this.checkCurrentPassword(userId, body.currentPassword);
    if (body.email === user.email) {
      const message = 'This is already your email.';
      throw new AppError(400, 'VALIDATION_FAILED', message, {
        issues: [{ field: 'email', message }],
      });
    }
    if (await accounts.isTakenByAnother(this.db, userId, { email: body.email })) throw emailTaken();
    await this.limits.emailChangesPerUser.consume(userId);
    const token = newToken();
    const link = `${this.publicUrl}/events/manage/settings/?confirm-email=${encodeURIComponent(token)}`;
    await this.db.transaction().execute(async (trx) => {
      await repo.closeEmailChanges(trx, userId);
      await repo.insertEmailChange(trx, {
        userId,
        newEmail: body.email,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + SETTINGS_LIMITS.emailChangeTtlHours * 3_600_000),
      });
      await this.mail.enqueue(trx, emailChangeConfirmMail(body.email, user.fullName, link));
      await this.mail.enqueue(trx, emailChangeRequestedMail(user.email, user.fullName, body.email));
    });
    this.mail.kick();
    return { settings: await this.get(userId), message: SETTINGS_MESSAGES.emailChangeSent };
  }

  /** The link from the new address's mail, opened while signed in to the same account. */
  async confirmEmailChange(
    userId: string,
    token: string,
  ): Promise<{ settings: SettingsDto; message: string }> {
    const user = await accounts.find(this.db, userId);
    if (!user) throw notFound('This account no longer exists.');
    const newEmail = await this.db
      .transaction()
      .execute(async (trx) => {
        const email = await repo.useEmailChange(trx, userId, sha256(token));
        if (!email) return undefined;
        // Someone signed up with the address meanwhile: it is theirs.
        if (await accounts.isTakenByAnother(trx, userId, { email })) throw emailTaken();
        await accounts.setConfirmedEmail(trx, userId, email);
        await repo.closeEmailChanges(trx, userId);
        await this.mail.enqueue(trx, emailChangedMail(user.email, user.fullName, email));
        return email;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'email')) throw emailTaken();
        throw err;
      });
    if (!newEmail) {
      throw new AppError(400, 'INVALID_CODE', SETTINGS_MESSAGES.emailChangeInvalid);
    }
    this.mail.kick();
    return { settings: await this.get(userId), message: SETTINGS_MESSAGES.emailChangeConfirmed };
  }

  async cancelEmailChange(userId: string): Promise<{ settings: SettingsDto; message: string }> {
    await repo.closeEmailChanges(this.db, userId);
    return { settings: await this.get(userId), message: SETTINGS_MESSAGES.emailChangeCancelled };
  }

  async updateOrganiser(userId: string, body: OrganiserBody): Promise<SettingsDto> {
    const patch: repo.SettingsPatch = {};
    if (body.publicName !== undefined) patch.public_name = body.publicName;
    if (body.logoMediaId !== undefined) {
      if (body.logoMediaId !== null && !(await this.media.isOwnedBy(body.logoMediaId, userId))) {
        const message = 'Logo is not recognised. Please upload it again.';
        throw new AppError(400, 'VALIDATION_FAILED', message, {
          issues: [{ field: 'logoMediaId', message }],
        });
      }
      patch.logo_media_id = body.logoMediaId;
    }
    if (Object.keys(patch).length) {
      await repo.saveSettings(this.db, userId, patch);
      this.targets.forget(userId);
    }
    return this.get(userId);
  }

  /** Saves (or, with null, removes) the payout account; see PayoutAccounts.save. */
  async setPayout(userId: string, body: PayoutBody | null): Promise<SettingsDto> {
    await this.payout.save(userId, body);
    return this.get(userId);
  }

  async updatePreferences(userId: string, body: PreferencesBody): Promise<SettingsDto> {
    const patch: repo.SettingsPatch = {};
    if (body.defaultFeeMode !== undefined) patch.default_fee_mode = body.defaultFeeMode;
    if (body.orderNotifications !== undefined) patch.order_notifications = body.orderNotifications;
    if (Object.keys(patch).length) {
      await repo.saveSettings(this.db, userId, patch);
      this.targets.forget(userId);
    }
    return this.get(userId);
  }

  /**
   * Checks the current password, stores the new one, signs out every other session (this
   * one stays), closes unused reset links and tells the account holder by mail.
   */
  async changePassword(userId: string, currentToken: string, body: PasswordBody): Promise<void> {
    const user = await this.checkCurrentPassword(userId, body.currentPassword);
    if (body.newPassword === body.currentPassword) {
      const message = 'The new password must be different from the current one.';
      throw new AppError(400, 'VALIDATION_FAILED', message, {
        issues: [{ field: 'newPassword', message }],
      });
    }
    assertUncommonPassword(body.newPassword, 'newPassword');
    const hash = await hashPassword(body.newPassword);
    const changed = await this.db.transaction().execute(async (trx) => {
      // Still the password that was checked? Another change made at the same time won.
      const change = {
        checkedHash: user.passwordHash,
        newHash: hash,
        keepTokenHash: sha256(currentToken),
      };
      if (!(await accounts.changePassword(trx, userId, change))) return false;
      await this.mail.enqueue(trx, passwordChangedMail(user.email, user.fullName));
      return true;
    });
    if (!changed) {
      throw new AppError(400, 'INVALID_CREDENTIALS', 'Your current password is not right.', {
        issues: [{ field: 'currentPassword', message: 'Your current password is not right.' }],
      });
    }
    this.mail.kick();
  }

  // Used by other modules ------------------------------------------------------------------

  /** Fee mode of a new event of this organiser. */
  async defaultFeeMode(userId: string): Promise<FeeMode> {
    return (await repo.findSettings(this.db, userId))?.default_fee_mode ?? 'pass';
  }

  /** The name buyers see for this organiser. */
  async displayName(userId: string): Promise<string> {
    return (await this.get(userId)).organiser.displayName;
  }

  /**
   * Where each organiser's order mail goes, held a second per process: a rush completes a
   * group of orders every few milliseconds (decision 094). A change saved here is seen at once.
   */
  private readonly targets = shortCache((ownerId: string) =>
    this.notificationTarget(this.db, ownerId),
  );

  /** Where the organiser's order mail goes, if they asked for it (the account is auth's). */
  private async notificationTarget(
    trx: Kysely<Database>,
    ownerId: string,
  ): Promise<{ email: string; name: string } | undefined> {
    const settings = await repo.findNotificationSettings(trx, ownerId);
    if (!settings?.order_notifications) return undefined;
    const contact = await accounts.contact(trx, ownerId);
    return contact && { email: contact.email, name: settings.public_name ?? contact.fullName };
  }

  /**
   * The orders module's completion hook: mails the organiser when they asked for it, one
   * mail per order. Called with every order a transaction completes (a group of free orders
   * of one event during a rush), so the organiser is looked up once per organiser.
   */
  readonly notifyOrganiser: OrderCompletedHook = async (trx: Kysely<Database>, completed) => {
    const mails = [];
    for (const { order, items, event } of completed) {
      // Read in the completing transaction on a miss (PGlite's one connection is its).
      const target = await this.targets.get(event.owner_id, (id) =>
        this.notificationTarget(trx, id),
      );
      if (!target) continue;
      mails.push(
        orderNotificationMail(
          target.email,
          target.name,
          {
            code: order.code,
            firstName: order.first_name,
            lastName: order.last_name,
            email: order.email,
            totalKobo: order.total_kobo,
            lines: items.map((i) => `${i.quantity} × ${i.name}`),
            eventTitle: event.title,
          },
          `${this.publicUrl}/events/manage/orders?q=${order.code}`,
        ),
      );
    }
    await this.mail.enqueueMany(trx, mails);
  };
}
