import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * Auth contracts. The "required" messages are the spec's §5 words, so the web form and
 * the server refuse a blank field with the same sentence.
 */
const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(LIMITS.emailMax, 'Email is too long.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((email) => email.toLowerCase());

export const phoneField = required(
  'Phone Number is required',
  LIMITS.phoneMax,
  'Phone Number is too long.',
);

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters.`);

/**
 * Refused for a new password (signup, reset, change) when it is on the list of passwords
 * most often found in breaches: the server checks it against the list @zxcvbn-ts ships,
 * which is too large for the web bundle (decision 007).
 */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a less common one.';

export const newPasswordField = passwordField.refine((p) => p.length >= LIMITS.passwordMin, {
  message: `Password must be at least ${LIMITS.passwordMin} characters.`,
});

export const loginBody = z.object({
  phoneNumber: phoneField,
  password: passwordField,
});
export type LoginBody = z.input<typeof loginBody>;

/**
 * A team invitation's link token (issue 24 §2, decision 053): a sign-up, a verification or a
 * new code may name the invitation instead of typing its address; the server then uses the
 * invited address itself, which the link holder is shown masked only. One of `email` and
 * `invitationToken` is required (the server says 'Email is required' for neither).
 */
export const invitationTokenField = z
  .string({ error: 'This invitation link is not valid.' })
  .trim()
  .min(20, 'This invitation link is not valid.')
  .max(100, 'This invitation link is not valid.');

export const signupBody = z.object({
  fullName: required('Full Name is required', LIMITS.fullNameMax, 'Full Name is too long.'),
  email: emailField.optional(),
  phoneNumber: phoneField,
  password: newPasswordField,
  invitationToken: invitationTokenField.optional(),
});
export type SignupBody = z.input<typeof signupBody>;

export const verifyEmailBody = z.object({
  email: emailField.optional(),
  invitationToken: invitationTokenField.optional(),
  code: z
    .string({ error: 'Verification code is required.' })
    .trim()
    .min(1, 'Verification code is required.')
    .regex(/^\d{6}$/, 'The verification code is the 6 digits we emailed you.'),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBody>;

export const emailOnlyBody = z.object({ email: emailField });
export type EmailOnlyBody = z.input<typeof emailOnlyBody>;

/** A new verification code: for an address, or for the invitation an account was made from. */
export const resendVerificationBody = z.object({
  email: emailField.optional(),
  invitationToken: invitationTokenField.optional(),
});
export type ResendVerificationBody = z.input<typeof resendVerificationBody>;

export const resetPasswordBody = z.object({
  token: z.string({ error: 'The reset link is invalid.' }).min(1).max(200),
  password: newPasswordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** Asks whether a reset link still works, without using it (the page says so before the form). */
export const resetTokenCheckBody = resetPasswordBody.pick({ token: true });
export type ResetTokenCheckBody = z.input<typeof resetTokenCheckBody>;

/** valid: the form can be used; used, expired: say so; invalid: no such link. */
export const resetTokenStatus = z.enum(['valid', 'used', 'expired', 'invalid']);
export type ResetTokenStatus = z.infer<typeof resetTokenStatus>;
export const resetTokenCheckResponse = z.object({ data: z.object({ status: resetTokenStatus }) });
export type ResetTokenCheckResponse = z.infer<typeof resetTokenCheckResponse>;

export const userDto = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

/** Login answers token and user at the top level (as the spec's client reads them) and in `data`. */
export const loginResponse = z.object({
  data: z.object({ token: z.string(), user: userDto }),
  token: z.string(),
  user: userDto,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const signupResponse = z.object({
  data: z.object({ user: userDto }),
  user: userDto,
  message: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponse>;

export const meResponse = z.object({ data: z.object({ user: userDto }), user: userDto });
export type MeResponse = z.infer<typeof meResponse>;
