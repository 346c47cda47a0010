import type { PublicTicketTypeDto } from '@gatepass/shared';

/**
 * The quantities a buyer may pick for one ticket type: none, or between its minimum and
 * its maximum per order, never more than what is left. An empty range means the type
 * cannot be bought now (not on sale, or fewer left than the minimum).
 */
export function quantityRange(type: PublicTicketTypeDto): { min: number; max: number } | null {
  if (type.availability !== 'on_sale') return null;
  const min = Math.max(1, type.minPerOrder);
  const max = Math.min(type.maxPerOrder, type.remaining);
  return max >= min ? { min, max } : null;
}

/** One step up: from none straight to the minimum, then one at a time up to the maximum. */
export function stepUp(qty: number, range: { min: number; max: number }): number {
  if (qty < range.min) return range.min;
  return Math.min(qty + 1, range.max);
}

/** One step down: below the minimum means none. */
export function stepDown(qty: number, range: { min: number; max: number }): number {
  return qty - 1 < range.min ? 0 : qty - 1;
}
