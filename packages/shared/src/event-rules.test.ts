import { describe, expect, it } from 'vitest';
import {
  createTicketTypeBody,
  endsNotAfterStart,
  updateEventBody,
  updateTicketTypeBody,
} from './index.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success
    ? {}
    : Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));

describe('rules between two fields, in the shared contracts', () => {
  it('refuses an event ending at or before its start, beside endAt', () => {
    expect(
      messages(
        updateEventBody.safeParse({ startAt: '2030-12-05T19:00', endAt: '2030-12-05T18:59' }),
      ),
    ).toEqual({
      endAt: 'The end time must be after the start time.',
    });
    expect(
      updateEventBody.safeParse({ startAt: '2030-12-05T19:00', endAt: '2030-12-05T19:00' }).success,
    ).toBe(false);
    expect(
      updateEventBody.safeParse({ startAt: '2030-12-05T19:00', endAt: '2030-12-05T23:00' }).success,
    ).toBe(true);
  });

  it('compares two instants, and leaves a mixed or half pair to the server', () => {
    expect(endsNotAfterStart('2030-12-05T19:00:00+01:00', '2030-12-05T18:30:00Z')).toBe(false);
    expect(endsNotAfterStart('2030-12-05T19:00:00Z', '2030-12-05T18:30:00Z')).toBe(true);
    expect(endsNotAfterStart('2030-12-05T19:00', '2030-12-05T10:00:00Z')).toBe(false);
    expect(endsNotAfterStart('2030-12-05T19:00', null)).toBe(false);
    expect(updateEventBody.safeParse({ endAt: '2030-12-05T18:00' }).success).toBe(true);
  });

  it('refuses a ticket type whose maximum is below its minimum, or whose sales end first', () => {
    expect(
      messages(
        createTicketTypeBody.safeParse({
          name: 'Regular',
          capacity: 10,
          minPerOrder: 4,
          maxPerOrder: 2,
          salesStartAt: '2030-12-01T10:00',
          salesEndAt: '2030-11-30T10:00',
        }),
      ),
    ).toEqual({
      maxPerOrder: 'Maximum per order cannot be less than the minimum.',
      salesEndAt: 'Sales must end after they start.',
    });
    expect(updateTicketTypeBody.safeParse({ maxPerOrder: 2 }).success).toBe(true);
  });
});
