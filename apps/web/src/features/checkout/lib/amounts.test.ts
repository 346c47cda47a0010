import { describe, expect, it } from 'vitest';
import { amountProblem, firstAmounts, nairaTyped, withAmounts } from './amounts.ts';

const pwyw = {
  id: 'p',
  name: 'Pay what you want',
  kind: 'pay_what_you_want' as const,
  price: 2000,
  suggestedPrice: 5000,
};
const donation = {
  id: 'd',
  name: 'Donation',
  kind: 'donation' as const,
  price: 0,
  suggestedPrice: null,
};
const regular = {
  id: 'r',
  name: 'Regular',
  kind: 'regular' as const,
  price: 3000,
  suggestedPrice: null,
};
const types = [pwyw, donation, regular];

describe('amounts typed at checkout (decision 086)', () => {
  it('starts at the suggested amount, else the minimum, and only for kinds whose buyer sets it', () => {
    expect(firstAmounts(types)).toEqual({ p: '5000', d: '' });
  });

  it('reads whole naira as typed', () => {
    expect(nairaTyped('₦7,500')).toBe(7500);
    expect(nairaTyped(' 2000 ')).toBe(2000);
    expect(nairaTyped('12.50')).toBeNaN();
    expect(nairaTyped('')).toBeNaN();
  });

  it('sends the amount with its line and says what will not do', () => {
    const lines = withAmounts(
      [
        { ticketTypeId: 'p', quantity: 2 },
        { ticketTypeId: 'd', quantity: 1 },
        { ticketTypeId: 'r', quantity: 1 },
      ],
      types,
      { p: '1500', d: '0' },
    );
    expect(lines).toEqual([
      { ticketTypeId: 'p', quantity: 2, amount: 1500 },
      { ticketTypeId: 'd', quantity: 1, amount: 0 },
      { ticketTypeId: 'r', quantity: 1 },
    ]);
    expect(amountProblem(lines, types, { p: '1500', d: '0' })).toEqual({
      p: 'Pay at least ₦2,000.00.',
      d: 'Pay at least ₦1.00.',
    });
    expect(amountProblem(lines, types, { p: '2000', d: '' })).toEqual({
      d: 'Enter an amount in whole naira.',
    });
    expect(amountProblem(lines, types, { p: '2000', d: '500' })).toEqual({});
  });
});
