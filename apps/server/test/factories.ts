import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { AUTH, type TestApp } from './helper.ts';

/**
 * Small factories that go through the public API, as a user would. Every call gets a new
 * email and phone: the run tag keeps them apart across files, processes and runs that share
 * one Redis (rate-limit keys are per account).
 */
const runTag = randomBytes(3).toString('hex');
let sequence = 0;
// Nigerian mobile numbers 0803 xxx xxxx; a random start keeps parallel runs apart.
let phoneSeed = randomInt(0, 9_000_000);

export function uniqueEmail(label = 'user'): string {
  sequence += 1;
  return `${label}.${runTag}.${sequence}@example.com`;
}

/** A new phone number in the national format ("0803…"); the API stores it as +234803…. */
export function uniquePhone(): string {
  phoneSeed = (phoneSeed + 1) % 10_000_000;
  return `0803${String(phoneSeed).padStart(7, '0')}`;
}

/** The same number in E.164, as the API stores and answers it. */
export const e164 = (nationalNigerian: string): string =>
  `+234${nationalNigerian.replace(/^0/, '')}`;

export interface SignupInput {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export function newSignup(overrides: Partial<SignupInput> = {}): SignupInput {
  return {
    fullName: 'Ada Lovelace',
    email: uniqueEmail(),
    phoneNumber: uniquePhone(),
    password: `pw-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };
}

export interface GivenUser extends SignupInput {
  id: string;
}

/** Signs up through the API; the account still waits for its email code. */
export async function givenUnverifiedUser(
  t: TestApp,
  overrides: Partial<SignupInput> = {},
): Promise<GivenUser> {
  const input = newSignup(overrides);
  const res = await t.post(`${AUTH}/signup`, input);
  expect(res.status, res.text).toBe(201);
  return { ...input, id: res.body.user.id as string };
}

/** Signed up and verified with the mailed code. */
export async function givenUser(
  t: TestApp,
  overrides: Partial<SignupInput> = {},
): Promise<GivenUser> {
  const user = await givenUnverifiedUser(t, overrides);
  const code = await t.latestCodeFor(user.email);
  const res = await t.post(`${AUTH}/verify-email`, { email: user.email, code });
  expect(res.status, res.text).toBe(200);
  return user;
}

export async function logIn(
  t: TestApp,
  user: Pick<SignupInput, 'phoneNumber' | 'password'>,
): Promise<string> {
  const res = await t.post(`${AUTH}/login`, {
    phoneNumber: user.phoneNumber,
    password: user.password,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
}

/** A verified user with a live session. */
export async function givenLoggedInUser(
  t: TestApp,
  overrides: Partial<SignupInput> = {},
): Promise<GivenUser & { token: string }> {
  const user = await givenUser(t, overrides);
  return { ...user, token: await logIn(t, user) };
}
