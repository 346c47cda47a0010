import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { emailField, newPasswordField, passwordField, phoneField } from './auth.ts';
import { FEE_MODES } from '../event-values.ts';
import { accountNumberField } from './payouts.ts';

/**
 * The organiser's settings (web `/events/manage/settings/`). Every change answers the whole
 * settings object, so a page can replace what it shows.
 */

export const SETTINGS_LIMITS = {
  publicNameMax: 120,
  bankNameMax: 80,
  accountNameMax: 120,
  /** Hours the link confirming a new email stays valid. */
  emailChangeTtlHours: 24,
} as const;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * A partial change of the account. The email is not changed here (an email other than the
 * current one is refused): that takes the current password and a confirmation from the new
 * address, through `changeEmailBody`.
 */
export const updateProfileBody = z.object({
  fullName: requiredText('Full Name', LIMITS.fullNameMax).optional(),
  email: emailField.optional(),
  phoneNumber: phoneField.optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const updateOrganiserBody = z.object({
  /** Shown to buyers on event pages instead of the account's full name; null clears it. */
  publicName: optionalText('Public name', SETTINGS_LIMITS.publicNameMax),
  /** An image uploaded with POST /media by this user; null removes the logo. */
  logoMediaId: z
    .string()
    .trim()
    .max(64, 'Logo is not recognised. Please upload it again.')
    .nullable()
    .optional(),
});
export type UpdateOrganiserBody = z.input<typeof updateOrganiserBody>;

export const payoutBody = z.object({
  bankName: requiredText('Bank name', SETTINGS_LIMITS.bankNameMax),
  /**
   * Paystack's code of the bank (GET …/settings/payout/banks). Required where Paystack is
   * configured: the account is then resolved with Paystack, `accountName` must be the name
   * it resolved to (the organiser confirmed it), and the Paystack subaccount is created or
   * updated.
   */
  bankCode: z.string().trim().max(20, 'Choose your bank.').optional(),
  /** The 10-digit NUBAN account number. */
  accountNumber: accountNumberField,
  accountName: requiredText('Account name', SETTINGS_LIMITS.accountNameMax),
});
export type PayoutBody = z.input<typeof payoutBody>;

export const updatePreferencesBody = z.object({
  /** Who pays the service fee on events created from now on. */
  defaultFeeMode: z
    .enum(FEE_MODES, { error: 'Default fee mode must be pass or absorb.' })
    .optional(),
  /** Mail the organiser on each completed order. */
  orderNotifications: z.boolean({ error: 'Order notifications must be true or false.' }).optional(),
});
export type UpdatePreferencesBody = z.input<typeof updatePreferencesBody>;

/**
 * Asks to move the account to a new email. Nothing changes until the link mailed to the
 * new address is opened (`confirmEmailChangeBody`); the old address is told.
 */
export const changeEmailBody = z.object({
  email: emailField,
  currentPassword: passwordField,
});
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

export const confirmEmailChangeBody = z.object({
  token: z
    .string({ error: 'The confirmation link is invalid.' })
    .trim()
    .min(1, 'The confirmation link is invalid.')
    .max(200, 'The confirmation link is invalid.'),
});
export type ConfirmEmailChangeBody = z.input<typeof confirmEmailChangeBody>;

export const changePasswordBody = z.object({
  currentPassword: passwordField,
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const settingsDto = z.object({
  profile: z.object({
    fullName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    /** A new email waiting for its confirmation link to be opened; null when none. */
    pendingEmail: z.string().nullable(),
    phoneNumber: z.string(),
  }),
  organiser: z.object({
    /** null: buyers see the account's full name. */
    publicName: z.string().nullable(),
    /** What buyers see: the public name, or the full name. */
    displayName: z.string(),
    logoMediaId: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
  payout: z
    .object({
      bankName: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
      bankCode: z.string().nullable(),
      /** Resolved with Paystack and set up as the organiser's Paystack subaccount. */
      verified: z.boolean(),
    })
    .nullable(),
  preferences: z.object({
    defaultFeeMode: z.enum(FEE_MODES),
    orderNotifications: z.boolean(),
  }),
});
export type SettingsDto = z.infer<typeof settingsDto>;

/**
 * What this server has turned on that needs its operator's configuration (issue 24 §3):
 * Settings says what each is and which variables turn it on. No value of any variable.
 */
export const serverFeaturesDto = z.object({
  /** off, a Paystack test or live key, or the demo's local sandbox (decision 058). */
  paystack: z.enum(['off', 'test', 'live', 'sandbox']),
  /** Mail leaves the server (SMTP_URL); off, it is kept and logged. */
  mail: z.boolean(),
  /** SMS through Termii (TERMII_API_KEY, TERMII_SENDER_ID). */
  sms: z.boolean(),
  /** "Add to Apple Wallet" (the five APPLE_ variables). */
  appleWallet: z.boolean(),
  /** "Save to Google Wallet" (GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_FILE). */
  googleWallet: z.boolean(),
});
export type ServerFeaturesDto = z.infer<typeof serverFeaturesDto>;
