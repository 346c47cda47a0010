import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  e164,
  givenLoggedInUser,
  givenUnverifiedUser,
  givenUser,
  logIn,
  newSignup,
  uniqueEmail,
  uniquePhone,
} from '../../../test/factories.ts';
import { AUTH, resetLinkFromText, startTestApp, type TestApp } from '../../../test/helper.ts';
import { AUTH_LIMIT_RULES, LOGIN_BACKOFF, loginBlockSeconds } from './auth.limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const minutesBetween = (a: Date, b: Date) => (a.getTime() - b.getTime()) / 60_000;

describe('signup', () => {
  it('creates an unverified account, normalises email and phone, and mails a 6-digit code', async () => {
    const input = newSignup({ email: uniqueEmail('MixedCase').replace('MixedCase', 'Mixed.Case') });
    const res = await t.post(`${AUTH}/signup`, input);

    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Signup successful! Please verify your email.');
    expect(res.body.user).toEqual(res.body.data.user);
    expect(res.body.user).toMatchObject({
      fullName: input.fullName,
      email: input.email.toLowerCase(),
      phoneNumber: e164(input.phoneNumber),
      emailVerified: false,
    });
    expect(res.text).not.toContain(input.password);
    const mail = await t.latestMailTo(input.email.toLowerCase(), 'verify-email');
    expect(mail.subject).toMatch(/\b\d{6}\b/);
    expect(mail.text_body).toMatch(/\b\d{6}\b/);
  });

  it.each([
    ['fullName', 'Full Name is required'],
    ['email', 'Email is required'],
    ['phoneNumber', 'Phone Number is required'],
    ['password', 'Password is required'],
  ] as const)('refuses a missing or blank %s with "%s"', async (field, message) => {
    const before = await t.count('users');
    const missing: Record<string, unknown> = { ...newSignup() };
    delete missing[field];
    const blank = { ...newSignup(), [field]: field === 'password' ? '' : '   ' };

    for (const body of [missing, blank]) {
      const res = await t.post(`${AUTH}/signup`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await t.count('users')).toBe(before);
  });

  it('refuses an email that does not look like one and a phone that cannot be a number', async () => {
    const badEmail = await t.post(`${AUTH}/signup`, newSignup({ email: 'not-an-email' }));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toBe('Please enter a valid email address.');

    const badPhone = await t.post(`${AUTH}/signup`, newSignup({ phoneNumber: 'call me maybe' }));
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error).toBe('Please enter a valid phone number.');
  });

  it('refuses a second account with the same email in any letter case with 409', async () => {
    const first = await givenUnverifiedUser(t);
    const before = await t.count('users');

    const res = await t.post(`${AUTH}/signup`, newSignup({ email: first.email.toUpperCase() }));

    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect(res.body.error).toBe(
      'An account with this email already exists. Please log in instead.',
    );
    expect(await t.count('users')).toBe(before);
  });

  it('refuses a second account with the same phone number written another way with 409', async () => {
    const first = await givenUnverifiedUser(t);
    const national = first.phoneNumber; // 0803…
    const spaced = `+234 ${national.slice(1, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;

    for (const phoneNumber of [
      e164(national),
      spaced,
      national.replace(/^(\d{4})(\d{3})/, '$1-$2-'),
    ]) {
      const res = await t.post(`${AUTH}/signup`, newSignup({ phoneNumber }));
      expect(res.status, phoneNumber).toBe(409);
      expect(res.body.code).toBe('PHONE_TAKEN');
      expect(res.body.error).toBe(
        'An account with this phone number already exists. Please log in instead.',
      );
    }
  });

  it('lets only one of two simultaneous signups with the same email through', async () => {
    const email = uniqueEmail('race');
    const before = await t.count('users');

    const results = await Promise.all([
      t.post(`${AUTH}/signup`, newSignup({ email })),
      t.post(`${AUTH}/signup`, newSignup({ email })),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.count('users')).toBe(before + 1);
  });

  it('stores the password as a salted scrypt hash, never the password itself', async () => {
    const password = 'correct horse battery staple';
    const a = await givenUnverifiedUser(t, { password });
    const b = await givenUnverifiedUser(t, { password });

    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('id', 'in', [a.id, b.id])
      .execute();

    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash).toMatch(
        /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/,
      );
      expect(row.password_hash).not.toContain(password);
    }
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
  });
});

describe('verify-email', () => {
  it('verifies with the mailed code, which is stored only as a hash', async () => {
    const user = await givenUnverifiedUser(t);
    const code = await t.latestCodeFor(user.email);

    const stored = await t.db
      .selectFrom('email_verifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(minutesBetween(stored[0]!.expires_at, stored[0]!.created_at)).toBeCloseTo(15, 0);

    const res = await t.post(`${AUTH}/verify-email`, { email: user.email, code });

    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Email verified successfully!');
    expect(res.body.user.emailVerified).toBe(true);
    expect(await logIn(t, user)).toEqual(expect.any(String));
  });

  it('refuses a wrong code and leaves the account unverified', async () => {
    const user = await givenUnverifiedUser(t);
    const code = await t.latestCodeFor(user.email);
    const wrong = code === '000000' ? '111111' : '000000';

    const res = await t.post(`${AUTH}/verify-email`, { email: user.email, code: wrong });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CODE');
    expect(res.body.error).toEqual(expect.any(String));
    const row = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
  });

  it('refuses even the right code after 5 wrong ones', async () => {
    const user = await givenUnverifiedUser(t);
    const code = await t.latestCodeFor(user.email);
    const wrong = code === '000000' ? '111111' : '000000';

    for (let i = 0; i < 5; i++) {
      const res = await t.post(`${AUTH}/verify-email`, { email: user.email, code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_CODE');
    }
    const res = await t.post(`${AUTH}/verify-email`, { email: user.email, code });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(res.body.error).toBe('Too many wrong codes. Please ask for a new code.');
  });

  it('refuses a code after its 15 minutes are up', async () => {
    const user = await givenUnverifiedUser(t);
    const code = await t.latestCodeFor(user.email);
    await t.db
      .updateTable('email_verifications')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();

    const res = await t.post(`${AUTH}/verify-email`, { email: user.email, code });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CODE_EXPIRED');
    expect(res.body.error).toBe('This code has expired. Please ask for a new code.');
  });

  it('resend mails a new code; the old one stops working and the new one verifies', async () => {
    const user = await givenUnverifiedUser(t);
    const oldCode = await t.latestCodeFor(user.email);

    const resent = await t.post(`${AUTH}/resend-verification`, { email: user.email });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toEqual(expect.any(String));
    expect((await t.mailsTo(user.email)).filter((m) => m.kind === 'verify-email')).toHaveLength(2);
    const newCode = await t.latestCodeFor(user.email);

    // One chance in a million that the new random code equals the old one.
    if (newCode !== oldCode) {
      const old = await t.post(`${AUTH}/verify-email`, { email: user.email, code: oldCode });
      expect(old.status).toBe(400);
      expect(old.body.code).toBe('INVALID_CODE');
    }
    const res = await t.post(`${AUTH}/verify-email`, { email: user.email, code: newCode });
    expect(res.status).toBe(200);
  });

  it('resend answers the same for an unknown or already verified email and mails nothing', async () => {
    const pending = await givenUnverifiedUser(t);
    const verified = await givenUser(t);
    const unknown = uniqueEmail('nobody');
    const mailsBefore = await t.count('mail_outbox');

    const answers = await Promise.all(
      [pending.email, verified.email, unknown].map((email) =>
        t.post(`${AUTH}/resend-verification`, { email }),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    expect(await t.count('mail_outbox')).toBe(mailsBefore + 1);
  });

  it('refuses a code for an unknown email the same way as a wrong code', async () => {
    const res = await t.post(`${AUTH}/verify-email`, {
      email: uniqueEmail('ghost'),
      code: '123456',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CODE');
  });

  it('refuses a blank or malformed code with the spec message', async () => {
    const blank = await t.post(`${AUTH}/verify-email`, { email: uniqueEmail(), code: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Verification code is required.');

    const letters = await t.post(`${AUTH}/verify-email`, { email: uniqueEmail(), code: 'abcdef' });
    expect(letters.status).toBe(400);
    expect(letters.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('verify-email from one address (decision 096)', () => {
  const limit = AUTH_LIMIT_RULES.verifyFailuresPerIp.points;

  it('verifies a crowd behind one address past the limit: right codes are not counted', async () => {
    const crowd = '198.51.100.23';
    const users: Array<{ email: string }> = [];
    for (let i = 0; i <= limit; i++) {
      const input = newSignup();
      // Signed up from their phones; verified from the venue's wifi.
      const res = await t.post(`${AUTH}/signup`, input, { ip: `192.0.2.${(i % 250) + 1}` });
      expect(res.status, res.text).toBe(201);
      users.push(input);
    }
    const statuses: number[] = [];
    for (const user of users) {
      const code = await t.latestCodeFor(user.email);
      const res = await t.post(`${AUTH}/verify-email`, { email: user.email, code }, { ip: crowd });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(users.map(() => 200));
  }, 120_000);

  it('refuses an address after its wrong codes, whatever the accounts; the owner elsewhere verifies', async () => {
    const attacker = '203.0.113.96';
    for (let i = 0; i < limit; i++) {
      const res = await t.post(
        `${AUTH}/verify-email`,
        { email: uniqueEmail('guess'), code: '123456' },
        { ip: attacker },
      );
      expect(res.status).toBe(400);
    }
    const user = await givenUnverifiedUser(t);
    const code = await t.latestCodeFor(user.email);

    const blocked = await t.post(
      `${AUTH}/verify-email`,
      { email: user.email, code },
      { ip: attacker },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const owner = await t.post(`${AUTH}/verify-email`, { email: user.email, code });
    expect(owner.status).toBe(200);
  });
});

describe('login', () => {
  it('logs in by phone number in any common format and returns the token and the user', async () => {
    const user = await givenUser(t);
    const n = user.phoneNumber;
    const formats = [
      n,
      e164(n),
      `+234 ${n.slice(1, 4)} ${n.slice(4, 7)} ${n.slice(7)}`,
      `${n.slice(0, 4)}-${n.slice(4, 7)}-${n.slice(7)}`,
    ];

    const tokens = new Set<string>();
    for (const phoneNumber of formats) {
      const res = await t.post(`${AUTH}/login`, { phoneNumber, password: user.password });
      expect(res.status, phoneNumber).toBe(200);
      expect(res.body.token).toEqual(expect.any(String));
      expect(res.body.data.token).toBe(res.body.token);
      expect(res.body.user).toMatchObject({
        id: user.id,
        email: user.email,
        phoneNumber: e164(n),
        emailVerified: true,
      });
      expect(res.body.data.user).toEqual(res.body.user);
      expect(res.text).not.toContain(user.password);
      tokens.add(res.body.token as string);
    }
    expect(tokens.size).toBe(formats.length);
  });

  it('refuses a wrong password and an unknown phone with the same 401', async () => {
    const user = await givenUser(t);

    const wrong = await t.post(`${AUTH}/login`, {
      phoneNumber: user.phoneNumber,
      password: `${user.password}x`,
    });
    const unknown = await t.post(`${AUTH}/login`, {
      phoneNumber: uniquePhone(),
      password: user.password,
    });

    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.body.token).toBeUndefined();
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses blank fields with the spec messages', async () => {
    const noPhone = await t.post(`${AUTH}/login`, { phoneNumber: '', password: 'x' });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error).toBe('Phone Number is required');

    const noPassword = await t.post(`${AUTH}/login`, { phoneNumber: uniquePhone() });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error).toBe('Password is required');
  });

  it('answers an unverified account with 403 EMAIL_NOT_VERIFIED and mails a fresh code', async () => {
    const user = await givenUnverifiedUser(t);
    const mailsBefore = (await t.mailsTo(user.email)).length;

    const res = await t.post(`${AUTH}/login`, {
      phoneNumber: user.phoneNumber,
      password: user.password,
    });

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect(res.body.error).toEqual(expect.any(String));
    expect(res.body.token).toBeUndefined();
    expect((await t.mailsTo(user.email)).length).toBe(mailsBefore + 1);
    const code = await t.latestCodeFor(user.email);
    expect((await t.post(`${AUTH}/verify-email`, { email: user.email, code })).status).toBe(200);
  });

  it('blocks an address at an account after 5 wrong passwords, with growing blocks, and not the owner elsewhere', async () => {
    const user = await givenUser(t);
    const bystander = await givenUser(t);
    const attacker = '203.0.113.77';

    for (let i = 0; i < LOGIN_BACKOFF.freeFailures; i++) {
      const res = await t.post(
        `${AUTH}/login`,
        { phoneNumber: user.phoneNumber, password: `wrong-${i}` },
        { ip: attacker },
      );
      expect(res.status).toBe(401);
    }
    // Counted per account, whatever format the number is typed in; even the right password.
    const blocked = await t.post(
      `${AUTH}/login`,
      { phoneNumber: e164(user.phoneNumber), password: user.password },
      { ip: attacker },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(blocked.body.error).toMatch(/^Too many attempts/);
    // A short block (a minute), not the old 15-minute lock-out.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_BACKOFF.firstBlockSeconds);
    // The owner at their own address gets in; other accounts from the attacker's address too.
    expect(await logIn(t, user)).toEqual(expect.any(String));
    const other = await t.post(
      `${AUTH}/login`,
      { phoneNumber: bystander.phoneNumber, password: bystander.password },
      { ip: attacker },
    );
    expect(other.status).toBe(200);
  });

  it('doubles the block with each failure past the free ones, up to 15 minutes', () => {
    const free = LOGIN_BACKOFF.freeFailures;
    expect(loginBlockSeconds(free - 1, false)).toBe(0);
    expect(loginBlockSeconds(free, false)).toBe(60);
    expect(loginBlockSeconds(free + 1, false)).toBe(120);
    expect(loginBlockSeconds(free + 2, false)).toBe(240);
    expect(loginBlockSeconds(free + 20, false)).toBe(15 * 60);
    // Under attack (many failures at the account from anywhere) each address gets fewer.
    expect(loginBlockSeconds(LOGIN_BACKOFF.freeFailuresUnderAttack, true)).toBe(60);
  });
});

describe('me and logout', () => {
  it('answers me with the user for a live token and 401 without one or with a bad one', async () => {
    const user = await givenLoggedInUser(t);

    const me = await t.request('GET', `${AUTH}/me`, { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(me.body.data.user).toEqual(me.body.user);

    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-real-token' },
      { authorization: `Basic ${user.token}` },
      { authorization: 'Bearer ' },
    ];
    for (const headers of attempts) {
      const res = await t.request('GET', `${AUTH}/me`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it('logout ends this session on the server and leaves the others', async () => {
    const user = await givenLoggedInUser(t);
    const otherDevice = await logIn(t, user);

    const res = await t.request('POST', `${AUTH}/logout`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Logout successful');

    expect((await t.request('GET', `${AUTH}/me`, { token: user.token })).status).toBe(401);
    expect((await t.request('POST', `${AUTH}/logout`, { token: user.token })).status).toBe(401);
    expect((await t.request('GET', `${AUTH}/me`, { token: otherDevice })).status).toBe(200);
    const session = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is not', null)
      .execute();
    expect(session).toHaveLength(1);
  });

  it('logout without a token is 401', async () => {
    const res = await t.request('POST', `${AUTH}/logout`);
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('stores only a hash of the session token', async () => {
    const user = await givenLoggedInUser(t);
    const rows = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(user.token);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for an unknown email and mails only the real account a 1-hour link', async () => {
    const user = await givenUser(t);
    const unknown = uniqueEmail('stranger');

    const known = await t.post(`${AUTH}/forgot-password`, { email: user.email });
    const stranger = await t.post(`${AUTH}/forgot-password`, { email: unknown });

    expect(known.status).toBe(200);
    expect(known.body.message).toEqual(expect.any(String));
    expect(stranger.status).toBe(known.status);
    expect(stranger.body).toEqual(known.body);
    expect(await t.mailsTo(unknown)).toHaveLength(0);
    const mail = await t.latestMailTo(user.email, 'password-reset');
    const link = resetLinkFromText(mail.text_body);
    expect(link).toMatch(/^http:\/\/gatepass\.test\/reset-password\?token=[\w-]{20,}$/);

    const token = new URL(link).searchParams.get('token')!;
    const stored = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(minutesBetween(stored[0]!.expires_at, stored[0]!.created_at)).toBeCloseTo(60, 0);
  });

  it('resets the password once and ends every session', async () => {
    const user = await givenLoggedInUser(t);
    const secondSession = await logIn(t, user);
    await t.post(`${AUTH}/forgot-password`, { email: user.email });
    const token = await t.latestResetTokenFor(user.email);
    const newPassword = 'a brand new password';

    const res = await t.post(`${AUTH}/reset-password`, { token, password: newPassword });

    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    for (const session of [user.token, secondSession]) {
      expect((await t.request('GET', `${AUTH}/me`, { token: session })).status).toBe(401);
    }
    const oldLogin = await t.post(`${AUTH}/login`, {
      phoneNumber: user.phoneNumber,
      password: user.password,
    });
    expect(oldLogin.status).toBe(401);
    expect(await logIn(t, { phoneNumber: user.phoneNumber, password: newPassword })).toEqual(
      expect.any(String),
    );

    const again = await t.post(`${AUTH}/reset-password`, {
      token,
      password: 'yet another password',
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_RESET_TOKEN');
    expect(again.body.error).toBe(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );
  });

  it('refuses a reset link after its hour is up, and an unknown one', async () => {
    const user = await givenUser(t);
    await t.post(`${AUTH}/forgot-password`, { email: user.email });
    const token = await t.latestResetTokenFor(user.email);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();

    for (const attempt of [token, `${token}x`, 'nonsense']) {
      const res = await t.post(`${AUTH}/reset-password`, {
        token: attempt,
        password: 'a brand new password',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_RESET_TOKEN');
    }
    // The old password still works.
    expect(await logIn(t, user)).toEqual(expect.any(String));
  });

  it('checks a reset link without using it: valid, then used; expired; invalid', async () => {
    const user = await givenUser(t);
    await t.post(`${AUTH}/forgot-password`, { email: user.email }, { ip: '10.9.0.1' });
    const token = await t.latestResetTokenFor(user.email);
    const check = async (value: string) => {
      const res = await t.post(
        `${AUTH}/reset-password/check`,
        { token: value },
        { ip: '10.9.0.1' },
      );
      expect(res.status, res.text).toBe(200);
      return res.body.data.status as string;
    };

    expect(await check(token)).toBe('valid');
    // Checking did not use it: the link still resets the password, once.
    expect(await check(token)).toBe('valid');
    expect(
      (await t.post(`${AUTH}/reset-password`, { token, password: 'a brand new password' })).status,
    ).toBe(200);
    expect(await check(token)).toBe('used');

    await t.post(`${AUTH}/forgot-password`, { email: user.email }, { ip: '10.9.0.1' });
    const late = await t.latestResetTokenFor(user.email);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    expect(await check(late)).toBe('expired');
    expect(await check(`${late}x`)).toBe('invalid');

    const empty = await t.post(`${AUTH}/reset-password/check`, {}, { ip: '10.9.0.1' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual(expect.any(String));
  });

  it('limits reset-link checks per address with 429', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (
        await t.post(`${AUTH}/reset-password/check`, { token: `guess-${i}` }, { ip: '10.9.9.9' })
      ).status;
      if (last === 429) break;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    expect(
      (await t.post(`${AUTH}/reset-password/check`, { token: 'guess' }, { ip: '10.9.9.10' }))
        .status,
    ).toBe(200);
  });

  it('refuses a new password shorter than 8 characters without using up the link', async () => {
    const user = await givenUser(t);
    await t.post(`${AUTH}/forgot-password`, { email: user.email });
    const token = await t.latestResetTokenFor(user.email);

    const short = await t.post(`${AUTH}/reset-password`, { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be at least 8 characters.');

    expect(
      (await t.post(`${AUTH}/reset-password`, { token, password: 'long enough now' })).status,
    ).toBe(200);
  });

  it('refuses the 6th request for one account within the hour with 429, from any address', async () => {
    const user = await givenUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await t.post(
        `${AUTH}/forgot-password`,
        { email: user.email },
        { ip: `10.0.0.${i + 1}` },
      );
      expect(res.status).toBe(200);
    }
    const res = await t.post(
      `${AUTH}/forgot-password`,
      { email: user.email.toUpperCase() },
      { ip: '10.0.1.1' },
    );

    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.mailsTo(user.email)).filter((m) => m.kind === 'password-reset')).toHaveLength(
      5,
    );
  });
});
