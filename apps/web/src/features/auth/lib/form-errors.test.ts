import { loginBody, signupBody, verifyEmailBody } from '@gatepass/shared';
import { describe, expect, it } from 'vitest';
import { formErrors } from './form-errors.ts';

describe('formErrors with the shared contracts (spec §5 messages)', () => {
  it('login: both fields required', () => {
    expect(formErrors(loginBody, { phoneNumber: '', password: '' })).toEqual({
      phoneNumber: 'Phone Number is required',
      password: 'Password is required',
    });
    expect(formErrors(loginBody, { phoneNumber: '08012345678', password: 'secret' })).toBeNull();
  });

  it('login: a phone number of spaces is blank', () => {
    expect(formErrors(loginBody, { phoneNumber: '   ', password: 'x' })).toEqual({
      phoneNumber: 'Phone Number is required',
    });
  });

  it('signup: every field required, one message each', () => {
    expect(
      formErrors(signupBody, { fullName: '', email: '', phoneNumber: '', password: '' }),
    ).toEqual({
      fullName: 'Full Name is required',
      email: 'Email is required',
      phoneNumber: 'Phone Number is required',
      password: 'Password is required',
    });
  });

  it('verify: a blank code', () => {
    expect(formErrors(verifyEmailBody, { email: 'a@b.co', code: ' ' })).toEqual({
      code: 'Verification code is required.',
    });
  });
});
