import { describe, expect, it } from 'vitest';
import {
  basketLines,
  clampQuantity,
  initialQuantities,
  itemsParam,
  maxSelectable,
  parseItemsParam,
  stepQuantity,
} from './basket.ts';

const A = '0b9c0f3e-2a59-4a8e-9a57-3c0f6f1c0001';
const B = '0b9c0f3e-2a59-4a8e-9a57-3c0f6f1c0002';

const type = (over: Partial<Parameters<typeof maxSelectable>[0]> = {}) => ({
  minPerOrder: 1,
  maxPerOrder: 10,
  remaining: 100,
  availability: 'on_sale' as const,
  ...over,
});

describe('parseItemsParam', () => {
  it('reads the event page’s id:qty pairs', () => {
    expect(parseItemsParam(`${A}:2,${B}:1`)).toEqual({ [A]: 2, [B]: 1 });
  });

  it('skips malformed pairs, zero quantities and repeated ids (first wins)', () => {
    expect(parseItemsParam(`nope:2,${A}:x,${A}:0,${B}:3,${B}:5,${A}`)).toEqual({ [B]: 3 });
    expect(parseItemsParam(null)).toEqual({});
    expect(parseItemsParam('')).toEqual({});
  });

  it('round-trips with itemsParam', () => {
    const lines = [
      { ticketTypeId: A, quantity: 4 },
      { ticketTypeId: B, quantity: 1 },
    ];
    expect(parseItemsParam(itemsParam(lines))).toEqual({ [A]: 4, [B]: 1 });
  });
});

describe('quantity limits', () => {
  it('caps at the per-order maximum and at what is left', () => {
    expect(maxSelectable(type({ maxPerOrder: 4 }))).toBe(4);
    expect(maxSelectable(type({ remaining: 3 }))).toBe(3);
  });

  it('offers nothing when the type is not on sale or fewer than its minimum are left', () => {
    expect(maxSelectable(type({ availability: 'sold_out' }))).toBe(0);
    expect(maxSelectable(type({ availability: 'sales_ended' }))).toBe(0);
    expect(maxSelectable(type({ minPerOrder: 4, remaining: 3 }))).toBe(0);
  });

  it('clamps a wanted quantity into [min, max] or 0', () => {
    const t = type({ minPerOrder: 2, maxPerOrder: 6 });
    expect(clampQuantity(t, 0)).toBe(0);
    expect(clampQuantity(t, 1)).toBe(2);
    expect(clampQuantity(t, 9)).toBe(6);
    expect(clampQuantity(t, 3)).toBe(3);
    expect(clampQuantity(type({ availability: 'sold_out' }), 3)).toBe(0);
  });

  it('steps: + from none jumps to the minimum, − from the minimum to none', () => {
    const t = type({ minPerOrder: 2, maxPerOrder: 3 });
    expect(stepQuantity(t, 0, 1)).toBe(2);
    expect(stepQuantity(t, 2, 1)).toBe(3);
    expect(stepQuantity(t, 3, 1)).toBe(3);
    expect(stepQuantity(t, 3, -1)).toBe(2);
    expect(stepQuantity(t, 2, -1)).toBe(0);
    expect(stepQuantity(t, 0, -1)).toBe(0);
  });

  it('builds the basket in the event’s order from valid quantities only', () => {
    const types = [
      { id: A, ...type({ maxPerOrder: 2 }) },
      { id: B, ...type({ availability: 'sold_out' }) },
    ];
    expect(basketLines(types, { [B]: 1, [A]: 5 })).toEqual([{ ticketTypeId: A, quantity: 2 }]);
    expect(initialQuantities(types, { [A.toLowerCase()]: 1, [B]: 2 })).toEqual({ [A]: 1 });
  });
});
