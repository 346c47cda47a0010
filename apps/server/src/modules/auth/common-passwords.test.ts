import { COMMON_PASSWORD_MESSAGE } from '@gatepass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUser, newSignup } from '../../../test/factories.ts';
import { AUTH, startTestApp, type TestApp } from '../../../test/helper.ts';
import { givenOrganiser, SETTINGS } from '../../../test/organiser-factories.ts';

/** Issue 16 §4: `12345678` and `password` were accepted as new passwords. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const COMMON = ['12345678', 'password', 'Password', 'iloveyou', 'qwertyuiop', '1q2w3e4r'];

function expectRefused(res: { status: number; body: { code?: string; error?: string } }) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.error).toBe(COMMON_PASSWORD_MESSAGE);
}

describe('common passwords', () => {
  it('are refused at signup, and nothing is created', async () => {
    for (const password of COMMON) {
      const signup = newSignup({ password });
      const res = await t.post(`${AUTH}/signup`, signup);
      expectRefused(res);
      expect(await t.mailsTo(signup.email)).toEqual([]);
    }
    const fine = await t.post(`${AUTH}/signup`, newSignup({ password: 'kola-nut-harmattan-7' }));
    expect(fine.status, fine.text).toBe(201);
  });

  it('are refused by the reset link, which stays usable for a better one', async () => {
    const user = await givenUser(t);
    await t.post(`${AUTH}/forgot-password`, { email: user.email });
    const token = await t.latestResetTokenFor(user.email);
    expectRefused(await t.post(`${AUTH}/reset-password`, { token, password: '12345678' }));
    const ok = await t.post(`${AUTH}/reset-password`, { token, password: 'okra-soup-on-sunday' });
    expect(ok.status, ok.text).toBe(200);
  });

  it('are refused when changing the password in settings', async () => {
    const organiser = await givenOrganiser(t);
    const res = await t.post(
      `${SETTINGS}/password`,
      { currentPassword: organiser.password, newPassword: 'password' },
      { token: organiser.token },
    );
    expectRefused(res);
    expect(res.body.details.issues[0].field).toBe('newPassword');
  });
});
