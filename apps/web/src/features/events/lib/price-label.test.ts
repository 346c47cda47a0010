import { describe, expect, it } from 'vitest';
import { priceLabel } from './price-label.ts';

const card = (lowestPrice: number | null, highestPrice: number | null) => ({
  lowestPrice,
  highestPrice,
  isFree: lowestPrice !== null && highestPrice === 0,
});

describe('priceLabel', () => {
  it('shows a free and a paid type as a range, never as "Free"', () => {
    expect(priceLabel(card(0, 25_000))).toBe('Free – ₦25,000.00');
  });

  it('shows paid types from the lowest to the highest price', () => {
    expect(priceLabel(card(3_000, 7_500))).toBe('₦3,000.00 – ₦7,500.00');
  });

  it('shows one price once, "Free" only when every type is free', () => {
    expect(priceLabel(card(5_000, 5_000))).toBe('₦5,000.00');
    expect(priceLabel(card(0, 0))).toBe('Free');
  });

  it('says tickets are coming when none is offered', () => {
    expect(priceLabel(card(null, null))).toBe('Tickets soon');
  });
});
