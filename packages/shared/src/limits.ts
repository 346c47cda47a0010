/** Limits shared by forms and the server, so both refuse the same input with the same words. */
export const LIMITS = {
  fullNameMax: 120,
  emailMax: 254,
  phoneMax: 32,
  passwordMin: 8,
  passwordMax: 200,
  verificationCodeLength: 6,
  /** Minutes a mailed verification code stays valid. */
  verificationCodeTtlMinutes: 15,
  verificationCodeMaxAttempts: 5,
  /** Minutes a password reset link stays valid. */
  resetTokenTtlMinutes: 60,
  /** Days a login session lasts. */
  sessionTtlDays: 30,
  orderCodeLength: 8,
} as const;
