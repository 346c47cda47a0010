import { describe, expect, it } from 'vitest';
import {
  basketLines,
  clampQuantity,
  initialQuantities,
  itemsParam,
  linkChanges,
  maxSelectable,
  parseItemsParam,
  stepQuantity,
  unavailableLabel,
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

describe('what the page changed in a link', () => {
  const delegate = (over: Partial<Parameters<typeof maxSelectable>[0]> = {}) => ({
    id: A,
    name: 'Delegate',
    ...type(over),
  });

  it('says a quantity was cut to what is left, and that held tickets may come back', () => {
    expect(linkChanges([delegate({ remaining: 1 })], { [A]: 3 })).toEqual([
      'Only 1 Delegate ticket was left, so we changed 3 to 1.',
    ]);
    expect(linkChanges([delegate({ remaining: 1, held: 2 })], { [A]: 3 })).toEqual([
      'Only 1 Delegate ticket was left, so we changed 3 to 1. 2 Delegate tickets are held by other buyers and may come back in a few minutes if they do not pay.',
    ]);
  });

  it('tells a type held by others from a sold-out one', () => {
    const held = delegate({ availability: 'sold_out', remaining: 0, held: 2 });
    expect(linkChanges([held], { [A]: 1 })[0]).toMatch(
      /^All Delegate tickets left are held by other buyers right now, so we left them out\. Held tickets come back/,
    );
    expect(unavailableLabel('sold_out', 0, 2)).toBe('All held, check back soon');
    const gone = delegate({ availability: 'sold_out', remaining: 0 });
    expect(linkChanges([gone], { [A]: 1 })).toEqual(['Delegate is sold out, so we left it out.']);
    expect(unavailableLabel('sold_out', 0, 0)).toBe('Sold out');
  });

  it('names the per-order limits and types no longer offered; says nothing when all fits', () => {
    expect(linkChanges([delegate({ maxPerOrder: 4 })], { [A]: 6 })).toEqual([
      'One order can have at most 4 Delegate tickets, so we changed 6 to 4.',
    ]);
    expect(linkChanges([delegate({ minPerOrder: 2 })], { [A]: 1 })).toEqual([
      'Delegate tickets are sold at least 2 per order, so we changed 1 to 2.',
    ]);
    expect(linkChanges([delegate()], { [B]: 1 })).toEqual([
      'One ticket type in your link is no longer offered, so we left it out.',
    ]);
    expect(linkChanges([delegate()], { [A]: 3 })).toEqual([]);
  });
});
