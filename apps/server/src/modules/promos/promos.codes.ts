import * as repo from './promos.repository.ts';

export type { PromoCodeRow as PromoCode } from './promos.table.ts';

/**
 * What checkout asks of promo codes (decision 060): find a code of an event, read the codes
 * a group of purchases names (locked, when asked), count uses and give one back. The
 * statements live in promos.repository.ts, the table's owner; these are the same functions,
 * so checkout's group transaction runs the very statements it ran before.
 */
export const promoCodes = {
  /** The event's code as typed, for the quote. */
  byCode: repo.findPromoByCode,
  /** The event's codes among `codes`; `lock`: held until the transaction ends. */
  forCheckout: repo.findPromos,
  /** `n` uses at once, if the code is live and has them left. */
  redeemUses: repo.redeemPromoUses,
  /** One use (a late payment taking its tickets again). */
  redeem: repo.redeemPromo,
  /** An ended order gives its use back. */
  unredeem: repo.unredeemPromo,
};
