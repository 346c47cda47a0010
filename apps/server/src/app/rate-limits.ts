import type { Redis } from 'ioredis';
import { createLimits, Limiter } from '../lib/rate-limiter.ts';
import { AUTH_LIMIT_RULES } from '../modules/auth/auth.limits.ts';
import { MESSAGE_LIMIT_RULES } from '../modules/messages/messages.service.ts';
import { ACCESS_CODE_LIMIT } from '../modules/events/events.public.ts';
import { CHECKOUT_LIMIT_RULES } from '../modules/orders/orders.limits.ts';
import { LOOKUP_LIMIT_RULES } from '../modules/orders/orders.manage.service.ts';
import { SETTINGS_LIMIT_RULES } from '../modules/settings/settings.service.ts';
import { TEAM_LIMIT_RULES } from '../modules/team/team.service.ts';
import { WAITLIST_LIMIT_RULES } from '../modules/waitlist/waitlist.service.ts';
import { WALLET_LOG } from '../modules/wallet/wallet.service.ts';

/** `orderLookup` + `perIp` → `orderLookupPerIp`. */
const prefixed = (prefix: string) => (rule: string) =>
  `${prefix}${rule[0]!.toUpperCase()}${rule.slice(1)}`;

/**
 * Every rate limit of the app, made one way: each module states its rules (points per
 * window, docs/decisions/004-rate-limits.md), and here each rule becomes a limiter counted
 * in Redis when REDIS_URL is set (every process together), in memory otherwise. The store
 * names are the ones the limits have always had, so counts survive an upgrade.
 */
export function createRateLimits(redis: Redis | undefined) {
  return {
    auth: createLimits(redis, AUTH_LIMIT_RULES),
    checkout: createLimits(redis, CHECKOUT_LIMIT_RULES, (rule) => `checkout:${rule}`),
    orderLookup: createLimits(redis, LOOKUP_LIMIT_RULES, prefixed('orderLookup')),
    settings: createLimits(redis, SETTINGS_LIMIT_RULES, (rule) =>
      rule === 'passwordFailuresPerUser' ? 'passwordChangeFailures' : 'emailChanges',
    ),
    waitlist: createLimits(redis, WAITLIST_LIMIT_RULES, prefixed('waitlist')),
    team: createLimits(redis, TEAM_LIMIT_RULES, prefixed('team')),
    messages: createLimits(redis, MESSAGE_LIMIT_RULES, prefixed('messages')),
    walletLog: new Limiter('walletLogPerIp', WALLET_LOG.perAddress, redis),
    /** Access-code tries per address on public event pages (decision 087). */
    accessCodes: new Limiter('accessCodePerIp', ACCESS_CODE_LIMIT, redis),
    /** Requests per API token, at API_TOKEN_REQUESTS_PER_MINUTE (decision 070). */
    apiToken: (perMinute: number) =>
      new Limiter('apiTokenRequests', { points: perMinute, duration: 60 }, redis),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
