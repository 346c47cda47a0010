import { holderBody, loginBody, payoutBody, signupBody, verifyEmailBody } from '@gatepass/shared';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { contractResolver } from './form.tsx';

/** The first message per field, as the form layer shows them under the fields. */
async function messages<In extends FieldValues>(
  schema: Parameters<typeof contractResolver<In, FieldValues>>[0],
  values: In,
): Promise<Record<string, string | undefined> | null> {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<In>;
  const result = await contractResolver(schema)(values, undefined, options);
  const errors = Object.entries(result.errors);
  if (errors.length === 0) return null;
  return Object.fromEntries(errors.map(([k, e]) => [k, (e as { message?: string }).message]));
}

describe('the form layer with the shared contracts (spec §5 messages)', () => {
  it('login: both fields required', async () => {
    expect(await messages(loginBody, { phoneNumber: '', password: '' })).toEqual({
      phoneNumber: 'Phone Number is required',
      password: 'Password is required',
    });
    expect(await messages(loginBody, { phoneNumber: '08012345678', password: 'secret' })).toBe(
      null,
    );
  });

  it('login: a phone number of spaces is blank', async () => {
    expect(await messages(loginBody, { phoneNumber: '   ', password: 'x' })).toEqual({
      phoneNumber: 'Phone Number is required',
    });
  });

  it('signup: every field required, one message each', async () => {
    expect(
      await messages(signupBody, { fullName: '', email: '', phoneNumber: '', password: '' }),
    ).toEqual({
      fullName: 'Full Name is required',
      email: 'Email is required',
      phoneNumber: 'Phone Number is required',
      password: 'Password is required',
    });
  });

  it('verify: a blank code', async () => {
    expect(await messages(verifyEmailBody, { email: 'a@b.co', code: ' ' })).toEqual({
      code: 'Verification code is required.',
    });
  });

  it("a ticket holder's names and email (transfers)", async () => {
    expect(await messages(holderBody, { firstName: ' ', lastName: '', email: 'x' })).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      email: 'Please enter a valid email address.',
    });
  });

  it("gives the contract's first sentence per field, and none when it holds (payout)", async () => {
    expect(
      await messages(payoutBody, { bankName: '', accountNumber: '123', accountName: 'Ada' }),
    ).toEqual({
      bankName: 'Bank name is required.',
      accountNumber: 'Account number must be 10 digits.',
    });
    expect(
      await messages(payoutBody, {
        bankName: 'GTBank',
        accountNumber: '0123456789',
        accountName: 'Ada',
      }),
    ).toBe(null);
  });
});
