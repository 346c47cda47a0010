import type { Limiter, LimitRule } from '../../lib/rate-limiter.ts';
import { normalizePhone } from '../../lib/phone.ts';

/**
 * How much of an event one client or one buyer can hold (issue 16 §2, OWASP OAT-021 denial
 * of inventory and OAT-005 scalping; figures and reasons in docs/decisions/025).
 *
 * Per client address the limits count tickets, not requests: many buyers share one address
 * behind a carrier-grade NAT (Nigerian mobile networks), so an address may hold a share of
 * each event per hold window rather than a fixed handful of orders. Per buyer (normalised
 * email, normalised phone) they count orders: one person needs few.
 */
export const CHECKOUT_LIMITS = {
  /** Share of an event's tickets one address may take per window (orders that succeeded). */
  addressShareOfEvent: 0.2,
  /** …but never fewer than this many tickets (small events, a family behind one router)… */
  addressTicketsMin: 20,
  /** …nor more than this many (a share of a huge event is still a lot for one address). */
  addressTicketsMax: 300,
  /** Window of the per-address ticket count: the normal hold (ORDER_HOLD_SECONDS default). */
  addressWindowSeconds: 15 * 60,
  /** Pending orders (open holds) one buyer identity may have per event at once. */
  openHoldsPerBuyerPerEvent: 2,
  /** Share of an event's tickets one buyer (email, and phone) may take in a day… */
  buyerShareOfEvent: 0.1,
  /** …but never fewer than this (a family or a group of friends)… */
  buyerTicketsMin: 10,
  /** …nor more than this. */
  buyerTicketsMax: 100,
  buyerWindowSeconds: 24 * 60 * 60,
} as const;

/** Units of the per-address ticket limiter: an order costs its share of the allowance. */
const SHARE_UNITS = 1_000_000;

export const CHECKOUT_LIMIT_RULES = {
  /** Every order from one address (all events): a backstop on the request rate. */
  ordersPerAddress: { points: 600, duration: 15 * 60 },
  /** Tickets one address takes of one event, in units of its allowance (see ticketsUnits). */
  ticketsPerAddressPerEvent: {
    points: SHARE_UNITS,
    duration: CHECKOUT_LIMITS.addressWindowSeconds,
  },
  /** Tickets one buyer email (or phone) takes of one event, in units of its allowance. */
  ticketsPerBuyerPerEvent: { points: SHARE_UNITS, duration: CHECKOUT_LIMITS.buyerWindowSeconds },
  /**
   * Orders per buyer email, and per buyer phone, across events. Every order mails at most
   * one confirmation (and an offline one a confirmation link), so this also bounds the
   * order mails one recipient gets.
   */
  ordersPerEmail: { points: 10, duration: 60 * 60 },
  ordersPerPhone: { points: 10, duration: 60 * 60 },
  /** Confirmation mails (free orders confirm at once) from one client address. */
  confirmationMailsPerAddress: { points: 300, duration: 60 * 60 },
  /** Offline holds one address may ask for (each mails a confirmation link). */
  offlineHoldsPerAddress: { points: 30, duration: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;

export type CheckoutLimits = Record<keyof typeof CHECKOUT_LIMIT_RULES, Limiter>;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Tickets one address may take of an event of this capacity per window. */
export function addressAllowance(eventCapacity: number): number {
  const share = Math.ceil(eventCapacity * CHECKOUT_LIMITS.addressShareOfEvent);
  return clamp(share, CHECKOUT_LIMITS.addressTicketsMin, CHECKOUT_LIMITS.addressTicketsMax);
}

/** Tickets one buyer may take of an event of this capacity per day. */
export function buyerAllowance(eventCapacity: number): number {
  const share = Math.ceil(eventCapacity * CHECKOUT_LIMITS.buyerShareOfEvent);
  return clamp(share, CHECKOUT_LIMITS.buyerTicketsMin, CHECKOUT_LIMITS.buyerTicketsMax);
}

/**
 * What `tickets` cost of a share limiter whose allowance is `allowance` tickets: the
 * limiter has SHARE_UNITS points, so exactly `allowance` tickets fit in a window.
 */
export function ticketsUnits(tickets: number, allowance: number): number {
  return Math.floor((tickets * SHARE_UNITS) / allowance);
}

/**
 * One mailbox, however it is written: lower case, without a "+tag", and for Gmail without
 * dots ("A.Bc+x@gmail.com" and "abc@gmail.com" are one person's mail).
 */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** One phone, however it is written (E.164; the digits when it cannot be parsed). */
export function phoneKey(phone: string): string {
  return normalizePhone(phone) ?? phone.replace(/\D/g, '');
}
