import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { contractResolver } from '../../../components/ui/form.tsx';
import { inviteForm } from './invite-form.ts';

async function messages(values: FieldValues) {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
  const result = await contractResolver(inviteForm)(values as never, undefined, options as never);
  const errors = Object.entries(result.errors);
  if (errors.length === 0) return null;
  return Object.fromEntries(errors.map(([k, e]) => [k, (e as { message?: string }).message]));
}

const event = '8c4f9a52-3b6e-4d1a-9f0e-2a7b5c9d1e3f';

describe('the invite form', () => {
  it("shows the contract's email sentences", async () => {
    expect(await messages({ email: ' ', role: 'door', eventIds: null })).toEqual({
      email: 'Email is required',
    });
    expect(await messages({ email: 'nope', role: 'door', eventIds: [] })).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it('asks for at least one event once the rest holds', async () => {
    expect(await messages({ email: 'a@b.co', role: 'door', eventIds: [] })).toEqual({
      eventIds: 'Tick at least one event, or give all events.',
    });
    expect(await messages({ email: 'a@b.co', role: 'door', eventIds: [event] })).toBeNull();
    expect(await messages({ email: 'a@b.co', role: 'manager', eventIds: null })).toBeNull();
  });
});
