import type { Redis } from 'ioredis';
import { Limiter, type LimitRule } from '../../lib/rate-limiter.ts';

/**
 * Per-IP limits stop one machine hammering the service; per-account limits stop a
 * distributed guess at one account. Per-IP numbers stay generous because offices and
 * mobile carriers put many people behind one address (docs/decisions/004-rate-limits.md).
 */
export const AUTH_LIMIT_RULES = {
  loginPerIp: { points: 300, duration: 15 * 60 },
  /** Failed logins only; a success clears it. */
  loginFailuresPerAccount: { points: 10, duration: 15 * 60 },
  signupPerIp: { points: 200, duration: 60 * 60 },
  forgotPerIp: { points: 50, duration: 15 * 60 },
  forgotPerAccount: { points: 5, duration: 60 * 60 },
  verifyPerIp: { points: 100, duration: 15 * 60 },
  /** Wrong codes only; the code itself also dies after 5 wrong tries. */
  verifyFailuresPerAccount: { points: 10, duration: 15 * 60 },
  resendPerIp: { points: 50, duration: 15 * 60 },
  resendPerAccount: { points: 5, duration: 60 * 60 },
  /** Checking a reset link before the form: a page load each, never a way to scan tokens. */
  resetCheckPerIp: { points: 60, duration: 15 * 60 },
} satisfies Record<string, LimitRule>;

export type AuthLimits = Record<keyof typeof AUTH_LIMIT_RULES, Limiter>;

export function createAuthLimits(redis: Redis | undefined): AuthLimits {
  return Object.fromEntries(
    Object.entries(AUTH_LIMIT_RULES).map(([name, rule]) => [name, new Limiter(name, rule, redis)]),
  ) as AuthLimits;
}
