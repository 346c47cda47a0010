import { describe, expect, it } from 'vitest';
import { checkoutNamesForm, ticketNamesOf, ticketSlots } from './ticket-names.ts';

describe('ticket names at checkout (decision 080)', () => {
  const types = [
    { id: 'b-vip', name: 'VIP' },
    { id: 'a-reg', name: 'Regular' },
  ];

  it('numbers the tickets as the server does: by type name, then type, each line in turn', () => {
    const slots = ticketSlots(
      [
        { ticketTypeId: 'b-vip', quantity: 1 },
        { ticketTypeId: 'a-reg', quantity: 2 },
      ],
      types,
    );
    expect(slots).toEqual([
      { index: 1, ticketType: 'Regular' },
      { index: 2, ticketType: 'Regular' },
      { index: 3, ticketType: 'VIP' },
    ]);
  });

  it('sends only the filled slots, and refuses a half-named one under its input', () => {
    const values = {
      names: [
        undefined,
        { firstName: ' Ada ', lastName: 'Obi', email: '' },
        { firstName: '', lastName: '', email: '' },
      ],
    };
    expect(checkoutNamesForm.safeParse(values).success).toBe(true);
    expect(ticketNamesOf(values, 3)).toEqual([{ index: 2, firstName: 'Ada', lastName: 'Obi' }]);
    expect(ticketNamesOf({ names: [] }, 3)).toBeUndefined();
    // An input never touched holds nothing: read as empty, not as a wrong type.
    expect(
      checkoutNamesForm.safeParse({ names: [{ firstName: 'Ada', lastName: 'Obi' }] }).success,
    ).toBe(true);
    const half = checkoutNamesForm.safeParse({
      names: [{ firstName: 'Ada', email: 'nope' }],
    });
    expect(half.success).toBe(false);
    expect(half.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'names.0.email',
      'names.0.lastName',
    ]);
    expect(half.error!.issues.map((i) => i.message).sort()).toEqual([
      'Last name is required.',
      'Please enter a valid email address.',
    ]);
  });
});
