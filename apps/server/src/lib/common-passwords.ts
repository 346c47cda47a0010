import { COMMON_PASSWORD_MESSAGE } from '@gatepass/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './errors.ts';

/**
 * The ~49,000 passwords zxcvbn-ts ships as most common in breaches (`12345678`,
 * `password`, `iloveyou` …), compared without regard to case. Built on first use.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** 400 VALIDATION_FAILED naming the field, as a schema refusal would. */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (!isCommonPassword(password)) return;
  throw new AppError(400, 'VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, {
    issues: [{ field, message: COMMON_PASSWORD_MESSAGE }],
  });
}
