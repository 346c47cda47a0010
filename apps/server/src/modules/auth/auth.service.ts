import { randomUUID } from 'node:crypto';
import { LIMITS, type ResetTokenStatus, type UserDto } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { normalizePhone } from '../../lib/phone.ts';
import {
  burnPasswordCheck,
  hashPassword,
  newToken,
  randomDigits,
  sha256,
  verifyPassword,
} from '../../lib/secrets.ts';
import type { MailService } from '../mail/mail.service.ts';
import { assertUncommonPassword } from '../../lib/common-passwords.ts';
import { LOGIN_BACKOFF, loginBlockSeconds, type AuthLimits } from './auth.limits.ts';
import { passwordResetMail, verificationMail } from './auth.mails.ts';
import * as repo from './auth.repository.ts';
import type { UserRow } from './auth.table.ts';

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const codeHash = (verificationId: string, code: string) => sha256(`${verificationId}:${code}`);

export const AUTH_MESSAGES = {
  signedUp: 'Signup successful! Please verify your email.',
  verified: 'Email verified successfully!',
  loggedIn: 'Login successful',
  loggedOut: 'Logout successful',
  codeSent: 'If that account is waiting for verification, a new code is on its way.',
  resetSent: 'If an account exists for that email, a password reset link is on its way.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
} as const;

export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phoneNumber: row.phone,
    emailVerified: row.email_verified_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

function phoneOrThrow(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw new AppError(400, 'VALIDATION_FAILED', 'Please enter a valid phone number.');
  return phone;
}

const isUniqueViolation = (err: unknown, constraint: string) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '23505' &&
  String(
    (err as { constraint?: string; message?: string }).constraint ?? (err as Error).message,
  ).includes(constraint);

/** The address behind a team invitation's link token (teams; wrong tokens count, then 429). */
export type InvitedEmail = (ip: string, token: string) => Promise<string>;

/** Which address a sign-up, verification or new code is for: typed, or the invitation's. */
interface AddressInput {
  email?: string | undefined;
  invitationToken?: string | undefined;
}

/** A user as someone who has not proven the address may see them (decision 053). */
const shownDto = (row: UserRow): UserDto => {
  const dto = toUserDto(row);
  return row.email_from_invitation && !row.email_verified_at
    ? { ...dto, email: maskEmail(dto.email) }
    : dto;
};

export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly limits: AuthLimits,
    private readonly publicUrl: string,
    private readonly invitedEmail: InvitedEmail = () =>
      Promise.reject(new AppError(404, 'NOT_FOUND', 'This invitation link is not valid.')),
  ) {}

  /**
   * The address a request is for: the invitation's when it names one (its holder never
   * sees it whole), otherwise the typed one; neither is refused as the spec's blank field.
   */
  private async addressOf(input: AddressInput, ip: string): Promise<string> {
    if (input.invitationToken) return this.invitedEmail(ip, input.invitationToken);
    if (input.email) return input.email;
    const message = 'Email is required';
    throw new AppError(400, 'VALIDATION_FAILED', message, {
      issues: [{ field: 'email', message }],
    });
  }

  async signup(
    input: AddressInput & { fullName: string; phoneNumber: string; password: string },
    ip: string,
  ): Promise<UserDto> {
    await this.limits.signupPerIp.consume(ip);
    const email = await this.addressOf(input, ip);
    const fromInvitation = Boolean(input.invitationToken);
    const phone = phoneOrThrow(input.phoneNumber);
    assertUncommonPassword(input.password);
    await this.assertFree(email, phone);
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      user = await this.db.transaction().execute(async (trx) => {
        const created = await repo.insertUser(trx, {
          fullName: input.fullName,
          email,
          phone,
          passwordHash,
          emailFromInvitation: fromInvitation,
        });
        await this.issueVerificationCode(trx, created);
        return created;
      });
    } catch (err) {
      // Two signups racing for one email or phone: the database's unique index decides.
      if (isUniqueViolation(err, 'email')) throw emailTaken();
      if (isUniqueViolation(err, 'phone')) throw phoneTaken();
      throw err;
    }
    this.mail.kick();
    // Made from a link that may have been forwarded: the address stays masked until proven.
    return shownDto(user);
  }

  async verifyEmail(input: AddressInput & { code: string }, ip: string): Promise<UserDto> {
    await this.limits.verifyFailuresPerIp.check(ip);
    const email = await this.addressOf(input, ip);
    await this.limits.verifyFailuresPerAccount.check(email);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const user = await repo.findUserByEmail(trx, email);
      if (!user) return { error: invalidCode() };
      if (user.email_verified_at) return { user };
      const open = await repo.findOpenVerification(trx, user.id);
      if (!open) return { error: invalidCode() };
      if (open.attempts >= LIMITS.verificationCodeMaxAttempts) {
        return {
          error: new AppError(
            400,
            'TOO_MANY_ATTEMPTS',
            'Too many wrong codes. Please ask for a new code.',
          ),
        };
      }
      if (open.expires_at.getTime() <= Date.now()) {
        return {
          error: new AppError(
            400,
            'CODE_EXPIRED',
            'This code has expired. Please ask for a new code.',
          ),
        };
      }
      if (open.code_hash !== codeHash(open.id, input.code)) {
        await repo.countVerificationAttempt(trx, open.id);
        return { error: invalidCode(), failed: true };
      }
      await repo.consumeVerification(trx, open.id);
      await repo.markEmailVerified(trx, user.id);
      return { user: { ...user, email_verified_at: new Date() } };
    });
    if ('error' in outcome) {
      await Promise.all([
        this.limits.verifyFailuresPerIp.penalise(ip),
        outcome.failed ? this.limits.verifyFailuresPerAccount.penalise(email) : undefined,
      ]);
      throw outcome.error;
    }
    return toUserDto(outcome.user);
  }

  /** A new code for an address, or for the account made from an invitation's link. */
  async resendVerificationFor(input: AddressInput, ip: string): Promise<void> {
    await this.resendVerification(await this.addressOf(input, ip), ip);
  }

  async resendVerification(email: string, ip: string): Promise<void> {
    await this.limits.resendPerIp.consume(ip);
    await this.limits.resendPerAccount.consume(email);
    const sent = await this.db.transaction().execute(async (trx) => {
      const user = await repo.findUserByEmail(trx, email);
      if (!user || user.email_verified_at) return false;
      await this.issueVerificationCode(trx, user);
      return true;
    });
    if (sent) this.mail.kick();
  }

  async login(
    input: { phoneNumber: string; password: string },
    ip: string,
  ): Promise<{ token: string; user: UserDto }> {
    await this.limits.loginPerIp.consume(ip);
    const phone = normalizePhone(input.phoneNumber);
    const accountKey = phone ?? input.phoneNumber.trim();
    // Per address and per address × account (decision 004): an attacker's address is slowed
    // and then blocked; the owner at their own address is not.
    const pairKey = `${ip}|${accountKey}`;
    await this.limits.loginFailuresPerIp.check(ip);
    await this.limits.loginBlockedIpAccount.check(pairKey);
    const user = phone ? await repo.findUserByPhone(this.db, phone) : undefined;
    const ok = user
      ? await verifyPassword(input.password, user.password_hash)
      : await burnPasswordCheck(input.password);
    if (!user || !ok) {
      const [, failures, accountFailures] = await Promise.all([
        this.limits.loginFailuresPerIp.penalise(ip),
        this.limits.loginFailuresPerIpAccount.penalise(pairKey),
        this.limits.loginFailuresPerAccount.penalise(accountKey),
      ]);
      const block = loginBlockSeconds(failures, accountFailures >= LOGIN_BACKOFF.attackThreshold);
      if (block > 0) await this.limits.loginBlockedIpAccount.block(pairKey, block);
      throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect phone number or password.');
    }
    await Promise.all([
      this.limits.loginFailuresPerIpAccount.reset(pairKey),
      this.limits.loginBlockedIpAccount.reset(pairKey),
    ]);
    if (!user.email_verified_at) {
      // The spec's signup leaves the user unauthenticated until the email is verified
      // (docs/decisions/002-unverified-login.md): send a fresh code and say so.
      await this.resendVerification(user.email, ip).catch(() => undefined);
      throw new AppError(
        403,
        'EMAIL_NOT_VERIFIED',
        'Please verify your email before logging in. We have sent a new code to your email.',
        { email: shownDto(user).email },
      );
    }
    const token = newToken();
    await repo.insertSession(this.db, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + LIMITS.sessionTtlDays * 86_400_000),
    });
    return { token, user: toUserDto(user) };
  }

  /** The user behind a bearer token, or undefined for a missing, revoked or expired one. */
  async authenticate(token: string): Promise<UserDto | undefined> {
    const row = await repo.findUserBySessionHash(this.db, sha256(token));
    return row ? toUserDto(row) : undefined;
  }

  async logout(token: string): Promise<void> {
    await repo.revokeSession(this.db, sha256(token));
  }

  async forgotPassword(email: string, ip: string): Promise<void> {
    await this.limits.forgotPerIp.consume(ip);
    await this.limits.forgotPerAccount.consume(email);
    const user = await repo.findUserByEmail(this.db, email);
    // The answer is the same either way, so the form cannot be used to probe for accounts.
    if (!user) return;
    const token = newToken();
    const link = `${this.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.db.transaction().execute(async (trx) => {
      await repo.insertPasswordReset(trx, {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: minutes(LIMITS.resetTokenTtlMinutes),
      });
      await this.mail.enqueue(trx, passwordResetMail(user.email, user.full_name, link));
    });
    this.mail.kick();
  }

  /**
   * Whether a reset link still works, without using it, so the page can say a used or
   * expired link is dead before anyone types a password (rate-limited per address).
   */
  async checkResetToken(token: string, ip: string): Promise<ResetTokenStatus> {
    await this.limits.resetCheckPerIp.consume(ip);
    const row = await repo.findPasswordReset(this.db, sha256(token));
    if (!row) return 'invalid';
    if (row.used_at) return 'used';
    return row.live ? 'valid' : 'expired';
  }

  async resetPassword(input: { token: string; password: string }): Promise<void> {
    assertUncommonPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const done = await this.db.transaction().execute(async (trx) => {
      const userId = await repo.usePasswordReset(trx, sha256(input.token));
      if (!userId) return false;
      await repo.updatePasswordHash(trx, userId, passwordHash);
      await repo.revokeAllSessions(trx, userId);
      // Opening the mailed link proves the address, so it also counts as verification.
      await repo.markEmailVerified(trx, userId);
      return true;
    });
    if (!done) {
      throw new AppError(
        400,
        'INVALID_RESET_TOKEN',
        'This reset link is invalid or has expired. Please ask for a new one.',
      );
    }
  }

  private async assertFree(email: string, phone: string): Promise<void> {
    if (await repo.findUserByEmail(this.db, email)) throw emailTaken();
    if (await repo.findUserByPhone(this.db, phone)) throw phoneTaken();
  }

  private async issueVerificationCode(trx: Kysely<Database>, user: UserRow): Promise<void> {
    const id = randomUUID();
    const code = randomDigits(LIMITS.verificationCodeLength);
    await repo.replaceVerification(trx, {
      id,
      userId: user.id,
      email: user.email,
      codeHash: codeHash(id, code),
      expiresAt: minutes(LIMITS.verificationCodeTtlMinutes),
    });
    await this.mail.enqueue(trx, verificationMail(user.email, user.full_name, code));
  }
}

const emailTaken = () =>
  new AppError(
    409,
    'EMAIL_TAKEN',
    'An account with this email already exists. Please log in instead.',
  );
const phoneTaken = () =>
  new AppError(
    409,
    'PHONE_TAKEN',
    'An account with this phone number already exists. Please log in instead.',
  );
const invalidCode = () =>
  new AppError(
    400,
    'INVALID_CODE',
    'That code is not right. Please check the latest email we sent you.',
  );
