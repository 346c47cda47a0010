import { describe, expect, it } from 'vitest';
import { feeFor } from './fee.ts';

describe('feeFor (the spec fee helper)', () => {
  it('charges nothing on a zero amount', () => {
    expect(feeFor(0)).toBe(0);
  });
  it('takes 4.5 % plus ₦100 rounded up to the next ₦10: 5,000 → 330', () => {
    expect(feeFor(5000)).toBe(330);
  });
  it('leaves an exact multiple of 10 as it is: 2,000 → 190', () => {
    // 2,000 × 4.5 % = 90; + 100 = 190, already a multiple of 10.
    expect(feeFor(2000)).toBe(190);
  });
  it('rounds up, never down: 1,000 → 150 (145 rounded up)', () => {
    expect(feeFor(1000)).toBe(150);
  });
  it('accepts another percentage: 10,000 at 3 % → 400', () => {
    expect(feeFor(10_000, 3)).toBe(400);
  });
  it('is not fooled by float noise: 1,100 at 10 % → 210', () => {
    // 1100 * 10 / 100 = 110.00000000000001 in floating point.
    expect(feeFor(1100, 10)).toBe(210);
  });
});
