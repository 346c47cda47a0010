import type { Limiter, LimitRule } from '../../lib/rate-limiter.ts';

/**
 * Per-IP limits stop one machine hammering the service; per-account limits stop a
 * distributed guess at one account. Per-IP numbers stay generous because offices and
 * mobile carriers put many people behind one address (docs/decisions/004-rate-limits.md).
 */
export const AUTH_LIMIT_RULES = {
  loginPerIp: { points: 300, duration: 15 * 60 },
  /**
   * Failed logins from one address, whatever the accounts: credential stuffing from one
   * machine. Past them the address's logins are refused until the window ends.
   */
  loginFailuresPerIp: { points: 50, duration: 15 * 60 },
  /**
   * Failed logins from one address at one account; a success clears it. Past
   * LOGIN_BACKOFF.freeFailures the pair is blocked for a time that doubles with each
   * further failure (see loginBlockSeconds). Counted over an hour, so the blocks grow.
   */
  loginFailuresPerIpAccount: { points: 1_000_000, duration: 60 * 60 },
  /** The blocks of loginFailuresPerIpAccount (set with `block`). */
  loginBlockedIpAccount: { points: 1, duration: 1 },
  /**
   * Failed logins at one account from anywhere. Never refuses by itself (that locked the
   * owner out): past it the account counts as under attack and every address gets fewer
   * free failures before its blocks start.
   */
  loginFailuresPerAccount: { points: 1_000_000, duration: 15 * 60 },
  signupPerIp: { points: 200, duration: 60 * 60 },
  forgotPerIp: { points: 50, duration: 15 * 60 },
  forgotPerAccount: { points: 5, duration: 60 * 60 },
  /**
   * Wrong or unknown codes from one address, whatever the accounts: a guess spread over many
   * accounts stops here. Codes that verify are not counted — a venue's wifi or a carrier NAT
   * signing a crowd up must not be refused for their right codes (decision 096).
   */
  verifyFailuresPerIp: { points: 100, duration: 15 * 60 },
  /** Wrong codes only; the code itself also dies after 5 wrong tries. */
  verifyFailuresPerAccount: { points: 10, duration: 15 * 60 },
  resendPerIp: { points: 50, duration: 15 * 60 },
  resendPerAccount: { points: 5, duration: 60 * 60 },
  /** Checking a reset link before the form: a page load each, never a way to scan tokens. */
  resetCheckPerIp: { points: 60, duration: 15 * 60 },
} satisfies Record<string, LimitRule>;

/** Login backoff (decision 004): slow the attacker, not the owner. */
export const LOGIN_BACKOFF = {
  /** Failures one address may make at one account before its blocks start. */
  freeFailures: 5,
  /** The same once the account has had `attackThreshold` failures in 15 minutes. */
  freeFailuresUnderAttack: 2,
  attackThreshold: 10,
  firstBlockSeconds: 60,
  maxBlockSeconds: 15 * 60,
} as const;

/** How long an address is blocked at an account after its `failures`-th failure (0: not). */
export function loginBlockSeconds(failures: number, underAttack: boolean): number {
  const free = underAttack ? LOGIN_BACKOFF.freeFailuresUnderAttack : LOGIN_BACKOFF.freeFailures;
  if (failures < free) return 0;
  return Math.min(
    LOGIN_BACKOFF.maxBlockSeconds,
    LOGIN_BACKOFF.firstBlockSeconds * 2 ** (failures - free),
  );
}

export type AuthLimits = Record<keyof typeof AUTH_LIMIT_RULES, Limiter>;
