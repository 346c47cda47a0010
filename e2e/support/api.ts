import { randomBytes, randomInt } from 'node:crypto';
import { ENV, requireEnv } from './env.ts';
import { waitForVerificationCode } from './mailbox.ts';

export interface TestUser {
  fullName: string;
  email: string;
  /** Local Nigerian form, as a user types it (the server stores E.164). */
  phoneNumber: string;
  password: string;
}

/** A fresh user per test, so tests never share accounts or rate-limit counters. */
export function newUser(): TestUser {
  const id = randomBytes(4).toString('hex');
  const digits = Array.from({ length: 7 }, () => randomInt(10)).join('');
  return {
    fullName: `Ada Tester ${id}`,
    email: `e2e-${id}@example.com`,
    phoneNumber: `0803${digits}`,
    password: `Pass-${id}-word`,
  };
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** One API call to the server at `base`: the suite's, or a test's own (`startOwnServer`). */
export async function callAt(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The answer's `data` when it came with `status`; any other answer throws, showing it. */
export function dataOf<T = Record<string, unknown>>(
  answer: ApiAnswer,
  status: number,
  what = 'the call',
): T {
  expectStatus(answer, status, what);
  return answer.body.data as T;
}

/** `callAt` for a call that must succeed (2xx): its `data`, or an error with the answer. */
export async function dataAt<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const answer = await callAt(base, method, path, options);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

/** A call to the suite's server (global-setup.ts). */
export function api(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  return callAt(requireEnv(ENV.baseUrl), method, path, options);
}

function expectStatus(answer: ApiAnswer, status: number, what: string): void {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/** Signs a fresh user up through the API and verifies the email with the mailed code. */
export async function createVerifiedUser(user: TestUser = newUser()): Promise<TestUser> {
  const since = Date.now();
  expectStatus(await api('POST', '/auth/user/signup', { body: user }), 201, 'signup');
  const code = await waitForVerificationCode(user.email, since);
  expectStatus(
    await api('POST', '/auth/user/verify-email', { body: { email: user.email, code } }),
    200,
    'verify-email',
  );
  return user;
}
