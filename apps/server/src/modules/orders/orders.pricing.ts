import { feeFor } from '@gatepass/shared';

export interface PricedLine {
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPriceKobo: number;
  /** People each ticket admits, when not 1: a table's seats, 0 for a donation (decision 086). */
  admits?: number | undefined;
}

export interface Promo {
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or kobo. */
  amount: number;
}

export interface Pricing {
  quantity: number;
  subtotalKobo: number;
  discountKobo: number;
  feeKobo: number;
  totalKobo: number;
}

/**
 * An order's money, all in integer kobo. Discounts round down to whole naira so every
 * amount stays whole naira (the spec always shows ".00"). The fee is the spec's helper on
 * the discounted amount in naira; the buyer pays it on top (`pass`) or the organiser
 * absorbs it from the price (`absorb`, the total is then the discounted amount).
 */
export function priceOrder(
  lines: PricedLine[],
  promo: Promo | null,
  feeMode: 'pass' | 'absorb',
): Pricing {
  const quantity = lines.reduce((n, l) => n + l.quantity, 0);
  const subtotalKobo = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKobo, 0);
  let discountKobo = 0;
  if (promo?.kind === 'percent') {
    discountKobo = Math.floor((subtotalKobo * promo.amount) / 100 / 100) * 100;
  } else if (promo?.kind === 'fixed') {
    discountKobo = Math.min(promo.amount, subtotalKobo);
  }
  const netKobo = subtotalKobo - discountKobo;
  const feeKobo = feeFor(Math.round(netKobo / 100)) * 100;
  const totalKobo = feeMode === 'pass' ? netKobo + feeKobo : netKobo;
  return { quantity, subtotalKobo, discountKobo, feeKobo, totalKobo };
}
