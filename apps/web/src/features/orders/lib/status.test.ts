import { describe, expect, it } from 'vitest';
import { endedAtLabel } from './status.ts';

describe('when an order ended', () => {
  it('says refunded for a refund, expired for a lapsed hold, cancelled otherwise', () => {
    expect(endedAtLabel('refunded')).toBe('Refunded');
    expect(endedAtLabel('expired')).toBe('Expired');
    expect(endedAtLabel('cancelled')).toBe('Cancelled');
  });
});
