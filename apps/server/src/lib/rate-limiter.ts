import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

export interface LimitRule {
  /** Attempts allowed in the window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/**
 * One named limit (e.g. "login per account"). Backed by Redis when REDIS_URL is set, so
 * every app server counts together; in memory otherwise. A Redis outage falls back to the
 * in-memory count rather than letting every attempt through or refusing everyone.
 */
export class Limiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    name: string,
    private readonly rule: LimitRule,
    redis: Redis | undefined,
  ) {
    const options = { keyPrefix: `rl:${name}`, points: rule.points, duration: rule.duration };
    this.limiter = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  }

  /**
   * Counts one attempt (or `points`, for limits that count tickets); refuses with 429 once
   * the window's points are used up.
   */
  async consume(key: string, points = 1): Promise<void> {
    try {
      await this.limiter.consume(key, points);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
      throw err;
    }
  }

  /** Refuses with 429 if the key is already blocked, without counting an attempt. */
  async check(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.consumedPoints >= this.rule.points) throw tooMany(res.msBeforeNext);
  }

  /** Counts an attempt that failed, for limits that only count failures; answers the count. */
  async penalise(key: string): Promise<number> {
    const res = await this.limiter.penalty(key, 1);
    return res.consumedPoints;
  }

  /** Attempts counted in the current window (0 when none). */
  async count(key: string): Promise<number> {
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  /** Refuses the key for `seconds` from now (`check` and `consume` answer 429 until then). */
  async block(key: string, seconds: number): Promise<void> {
    await this.limiter.block(key, seconds);
  }

  /** Gives back points counted for something that then did not happen (a refused order). */
  async reward(key: string, points = 1): Promise<void> {
    await this.limiter.reward(key, points);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

function tooMany(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${wait}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** The limiters a table of rules makes: one a rule, under the rule's name. */
export type LimitsOf<Rules> = Record<keyof Rules, Limiter>;

/**
 * One limiter per rule of a table, the one way limits are made (app/rate-limits.ts). `name`
 * gives each its store name (its Redis key prefix); by default the rule's own name.
 */
export function createLimits<Rules extends Record<string, LimitRule>>(
  redis: Redis | undefined,
  rules: Rules,
  name: (rule: keyof Rules & string) => string = (rule) => rule,
): LimitsOf<Rules> {
  return Object.fromEntries(
    Object.entries(rules).map(([rule, limit]) => [rule, new Limiter(name(rule), limit, redis)]),
  ) as LimitsOf<Rules>;
}
