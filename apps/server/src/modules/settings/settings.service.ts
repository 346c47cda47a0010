import type {
  changePasswordBody,
  FeeMode,
  payoutBody,
  SettingsDto,
  updateOrganiserBody,
  updatePreferencesBody,
  updateProfileBody,
} from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { normalizePhone } from '../../lib/phone.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { assertUncommonPassword } from '../../lib/common-passwords.ts';
import { hashPassword, sha256, verifyPassword } from '../../lib/secrets.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { mediaUrl, type MediaService } from '../media/media.service.ts';
import type { OrderCompletedHook } from '../orders/orders.service.ts';
import { orderNotificationMail, passwordChangedMail } from './settings.mails.ts';
import * as repo from './settings.repository.ts';

type ProfileBody = z.output<typeof updateProfileBody>;
type OrganiserBody = z.output<typeof updateOrganiserBody>;
type PayoutBody = z.output<typeof payoutBody>;
type PreferencesBody = z.output<typeof updatePreferencesBody>;
type PasswordBody = z.output<typeof changePasswordBody>;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  profileSaved: 'Profile saved.',
  emailChanged:
    'Profile saved. We have sent a verification code to your new email; enter it to verify the address.',
  emailChangedNoCode:
    'Profile saved. Your new email is not verified yet; ask for a new code in a few minutes.',
  payoutSaved: 'Payout account saved.',
  payoutRemoved: 'Payout account removed.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
} as const;

export const SETTINGS_LIMIT_RULES = {
  /** Wrong current passwords per account; a correct one clears it. */
  passwordFailuresPerUser: { points: 10, duration: 15 * 60 },
};

export interface SettingsLimits {
  passwordFailuresPerUser: Limiter;
}

const isUniqueViolation = (err: unknown, column: string) => {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: string; constraint?: string; message?: string; detail?: string };
  return (
    e.code === '23505' &&
    `${e.constraint ?? ''} ${e.message ?? ''} ${e.detail ?? ''}`.includes(column)
  );
};

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
  ) {}

  async get(userId: string): Promise<SettingsDto> {
    const [user, settings] = await Promise.all([
      repo.findAccount(this.db, userId),
      repo.findSettings(this.db, userId),
    ]);
    if (!user) throw notFound('This account no longer exists.');
    const payout =
      settings?.bank_name && settings.account_number && settings.account_name
        ? {
            bankName: settings.bank_name,
            accountNumber: settings.account_number,
            accountName: settings.account_name,
          }
        : null;
    return {
      profile: {
        fullName: user.full_name,
        email: user.email,
        emailVerified: user.email_verified_at !== null,
        phoneNumber: user.phone,
      },
      organiser: {
        publicName: settings?.public_name ?? null,
        displayName: settings?.public_name ?? user.full_name,
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
   * Name, email and phone. A new email is saved unverified and a code is mailed to it
   * (through the auth module's resend, with its limits); the session stays signed in.
   */
  async updateProfile(
    userId: string,
    body: ProfileBody,
    ip: string,
  ): Promise<{ settings: SettingsDto; message: string }> {
    const user = await repo.findAccount(this.db, userId);
    if (!user) throw notFound('This account no longer exists.');
    const patch: { full_name?: string; email?: string; phone?: string } = {};
    if (body.fullName !== undefined && body.fullName !== user.full_name)
      patch.full_name = body.fullName;
    if (body.email !== undefined && body.email !== user.email) {
      if (await repo.findOtherAccount(this.db, userId, { email: body.email })) throw emailTaken();
      patch.email = body.email;
    }
    if (body.phoneNumber !== undefined) {
      const phone = normalizePhone(body.phoneNumber);
      if (!phone)
        throw new AppError(400, 'VALIDATION_FAILED', 'Please enter a valid phone number.', {
          issues: [{ field: 'phoneNumber', message: 'Please enter a valid phone number.' }],
        });
      if (phone !== user.phone) {
        if (await repo.findOtherAccount(this.db, userId, { phone })) throw phoneTaken();
        patch.phone = phone;
      }
    }
    if (Object.keys(patch).length > 0) {
      try {
        await repo.updateAccount(this.db, userId, patch);
      } catch (err) {
        // Two accounts racing for one address or number: the unique index decides.
        if (isUniqueViolation(err, 'email')) throw emailTaken();
        if (isUniqueViolation(err, 'phone')) throw phoneTaken();
        throw err;
      }
    }
    let message: string = SETTINGS_MESSAGES.profileSaved;
    if (patch.email) {
      try {
        await this.auth.resendVerification(patch.email, ip);
        message = SETTINGS_MESSAGES.emailChanged;
      } catch (err) {
        this.log.warn({ err }, 'verification code for a changed email not sent');
        message = SETTINGS_MESSAGES.emailChangedNoCode;
      }
    }
    return { settings: await this.get(userId), message };
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
    if (Object.keys(patch).length) await repo.saveSettings(this.db, userId, patch);
    return this.get(userId);
  }

  async setPayout(userId: string, body: PayoutBody | null): Promise<SettingsDto> {
    await repo.saveSettings(this.db, userId, {
      bank_name: body?.bankName ?? null,
      account_number: body?.accountNumber ?? null,
      account_name: body?.accountName ?? null,
    });
    return this.get(userId);
  }

  async updatePreferences(userId: string, body: PreferencesBody): Promise<SettingsDto> {
    const patch: repo.SettingsPatch = {};
    if (body.defaultFeeMode !== undefined) patch.default_fee_mode = body.defaultFeeMode;
    if (body.orderNotifications !== undefined) patch.order_notifications = body.orderNotifications;
    if (Object.keys(patch).length) await repo.saveSettings(this.db, userId, patch);
    return this.get(userId);
  }

  /**
   * Checks the current password, stores the new one, signs out every other session (this
   * one stays), closes unused reset links and tells the account holder by mail.
   */
  async changePassword(userId: string, currentToken: string, body: PasswordBody): Promise<void> {
    await this.limits.passwordFailuresPerUser.check(userId);
    const user = await repo.findAccount(this.db, userId);
    if (!user) throw notFound('This account no longer exists.');
    if (!(await verifyPassword(body.currentPassword, user.password_hash))) {
      await this.limits.passwordFailuresPerUser.penalise(userId);
      // 400, not 401: the session is fine, and a 401 would sign the web client out.
      throw new AppError(400, 'INVALID_CREDENTIALS', 'Your current password is not right.', {
        issues: [{ field: 'currentPassword', message: 'Your current password is not right.' }],
      });
    }
    await this.limits.passwordFailuresPerUser.reset(userId);
    if (body.newPassword === body.currentPassword) {
      const message = 'The new password must be different from the current one.';
      throw new AppError(400, 'VALIDATION_FAILED', message, {
        issues: [{ field: 'newPassword', message }],
      });
    }
    assertUncommonPassword(body.newPassword, 'newPassword');
    const hash = await hashPassword(body.newPassword);
    await this.db.transaction().execute(async (trx) => {
      await repo.updatePassword(trx, userId, hash);
      await repo.revokeOtherSessions(trx, userId, sha256(currentToken));
      await repo.closeOpenResets(trx, userId);
      await this.mail.enqueue(trx, passwordChangedMail(user.email, user.full_name));
    });
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
   * The orders module's completion hook: mails the organiser when they asked for it, one
   * mail per order. Called with every order a transaction completes (a group of free orders
   * of one event during a rush), so the organiser is looked up once per organiser.
   */
  readonly notifyOrganiser: OrderCompletedHook = async (trx: Kysely<Database>, completed) => {
    const owners = new Map<string, Awaited<ReturnType<typeof repo.findNotificationTarget>>>();
    const mails = [];
    for (const { order, items, event } of completed) {
      if (!owners.has(event.owner_id)) {
        owners.set(event.owner_id, await repo.findNotificationTarget(trx, event.owner_id));
      }
      const target = owners.get(event.owner_id);
      if (!target?.order_notifications) continue;
      mails.push(
        orderNotificationMail(
          target.email,
          target.public_name ?? target.full_name,
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
