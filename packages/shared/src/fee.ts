/** The spec's default service fee percentage. */
export const DEFAULT_FEE_PERCENT = 4.5;

/**
 * The spec's fee helper, in naira: 0 for a zero amount; otherwise `pct` % of the amount
 * plus ₦100, rounded up to the next multiple of 10. feeFor(5000) = 225 + 100 = 325 → 330.
 */
export function feeFor(amount: number, pct: number = DEFAULT_FEE_PERCENT): number {
  if (amount === 0) return 0;
  const raw = (amount * pct) / 100 + 100;
  // Round away float noise (e.g. 1.1 * 100) before rounding up, so 330.0000001 stays 330.
  const clean = Math.round(raw * 1e6) / 1e6;
  return Math.ceil(clean / 10) * 10;
}
