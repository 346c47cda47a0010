import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, MANAGE, multipartBody } from '../../../test/event-factories.ts';
import { e164, logIn, newSignup, uniqueEmail, uniquePhone } from '../../../test/factories.ts';
import { API, AUTH, startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  givenEventWithTypes,
  givenOrganiser,
  SETTINGS,
} from '../../../test/organiser-factories.ts';
import { SETTINGS_LIMIT_RULES } from './settings.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const me = (token: string) => t.request('GET', `${AUTH}/me`, { token });

describe('settings', () => {
  it('starts from the defaults and keeps each organiser to their own', async () => {
    const a = await givenOrganiser(t);
    const b = await givenOrganiser(t);
    const res = await t.request('GET', SETTINGS, { token: a.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      profile: {
        fullName: 'Ada Lovelace',
        email: a.email,
        emailVerified: true,
        pendingEmail: null,
        phoneNumber: e164(a.phoneNumber),
      },
      organiser: {
        publicName: null,
        displayName: 'Ada Lovelace',
        logoMediaId: null,
        logoUrl: null,
      },
      payout: null,
      preferences: { defaultFeeMode: 'pass', orderNotifications: false },
    });
    await t.request('PATCH', `${SETTINGS}/organiser`, {
      token: a.token,
      body: { publicName: 'Ada Events' },
    });
    const theirs = await t.request('GET', SETTINGS, { token: b.token });
    expect(theirs.body.data.profile.email).toBe(b.email);
    expect(theirs.body.data.organiser.publicName).toBeNull();
  });

  it('changes the email only with the current password and the new address confirming it; the old one is told', async () => {
    const organiser = await givenOrganiser(t);
    const newEmail = uniqueEmail('moved');
    const oldMails = (await t.mailsTo(organiser.email)).length;

    // Profile alone (a stolen session) cannot change it.
    const direct = await t.request('PATCH', `${SETTINGS}/profile`, {
      token: organiser.token,
      body: { email: newEmail, fullName: 'Ada King' },
    });
    expect(direct.status).toBe(400);
    expect(direct.body.details.issues[0].field).toBe('email');
    // Neither can a wrong password.
    const wrong = await t.post(
      `${SETTINGS}/email`,
      { email: newEmail, currentPassword: 'not-my-password' },
      { token: organiser.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect(await t.mailsTo(newEmail)).toEqual([]);

    const asked = await t.post(
      `${SETTINGS}/email`,
      { email: `  ${newEmail.toUpperCase()} `, currentPassword: organiser.password },
      { token: organiser.token },
    );
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.message).toBe(
      'Open the link we emailed to your new address to confirm it. Until then your email stays as it is.',
    );
    // Pending: the old email stays, verified; the new one shows as waiting.
    expect(asked.body.data.profile).toMatchObject({
      email: organiser.email,
      emailVerified: true,
      pendingEmail: newEmail,
    });
    expect((await me(organiser.token)).body.user.email).toBe(organiser.email);

    // The old address is told, with no link in the mail.
    const notice = await t.latestMailTo(organiser.email, 'email-change-requested');
    expect(notice.text_body).toContain(newEmail);
    expect(notice.text_body).not.toMatch(/https?:\/\//);
    expect((await t.mailsTo(organiser.email)).length).toBe(oldMails + 1);

    const confirmMail = await t.latestMailTo(newEmail, 'email-change-confirm');
    const token = new URL(/https?:\/\/\S+/.exec(confirmMail.text_body)![0]).searchParams.get(
      'confirm-email',
    )!;
    expect(token.length).toBeGreaterThan(30);
    // Stored hashed only.
    const stored = await t.db.selectFrom('email_changes').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    // Another account cannot use the token.
    const stranger = await givenOrganiser(t);
    const theirs = await t.post(`${SETTINGS}/email/confirm`, { token }, { token: stranger.token });
    expect(theirs.status).toBe(400);
    expect(theirs.body.code).toBe('INVALID_CODE');

    const confirmed = await t.post(
      `${SETTINGS}/email/confirm`,
      { token },
      { token: organiser.token },
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data.profile).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    expect((await t.latestMailTo(organiser.email, 'email-changed')).text_body).toContain(newEmail);
    // Single use.
    const again = await t.post(`${SETTINGS}/email/confirm`, { token }, { token: organiser.token });
    expect(again.status).toBe(400);
    // The login still works, with no new verification.
    await logIn(t, organiser);
  });

  it('does not reserve an unconfirmed address: its real owner signs up, and the old link then fails', async () => {
    const squatter = await givenOrganiser(t);
    const victimEmail = uniqueEmail('real-owner');
    const asked = await t.post(
      `${SETTINGS}/email`,
      { email: victimEmail, currentPassword: squatter.password },
      { token: squatter.token },
    );
    expect(asked.status, asked.text).toBe(200);

    const signup = await t.post(`${AUTH}/signup`, newSignup({ email: victimEmail }));
    expect(signup.status, signup.text).toBe(201);

    const confirmMail = await t.latestMailTo(victimEmail, 'email-change-confirm');
    const token = new URL(/https?:\/\/\S+/.exec(confirmMail.text_body)![0]).searchParams.get(
      'confirm-email',
    )!;
    const late = await t.post(`${SETTINGS}/email/confirm`, { token }, { token: squatter.token });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('EMAIL_TAKEN');
    const after = await t.request('GET', SETTINGS, { token: squatter.token });
    expect(after.body.data.profile.email).toBe(squatter.email);
  });

  it('cancels a pending change, and an expired link does nothing', async () => {
    const organiser = await givenOrganiser(t);
    const newEmail = uniqueEmail('later');
    await t.post(
      `${SETTINGS}/email`,
      { email: newEmail, currentPassword: organiser.password },
      { token: organiser.token },
    );
    const cancelled = await t.request('DELETE', `${SETTINGS}/email`, { token: organiser.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.profile.pendingEmail).toBeNull();
    const first = await t.latestMailTo(newEmail, 'email-change-confirm');
    const firstToken = new URL(/https?:\/\/\S+/.exec(first.text_body)![0]).searchParams.get(
      'confirm-email',
    )!;
    const refused = await t.post(
      `${SETTINGS}/email/confirm`,
      { token: firstToken },
      { token: organiser.token },
    );
    expect(refused.status).toBe(400);

    await t.post(
      `${SETTINGS}/email`,
      { email: newEmail, currentPassword: organiser.password },
      { token: organiser.token },
    );
    const second = await t.latestMailTo(newEmail, 'email-change-confirm');
    const secondToken = new URL(/https?:\/\/\S+/.exec(second.text_body)![0]).searchParams.get(
      'confirm-email',
    )!;
    await t.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('new_email', '=', newEmail)
      .execute();
    const expired = await t.post(
      `${SETTINGS}/email/confirm`,
      { token: secondToken },
      { token: organiser.token },
    );
    expect(expired.status).toBe(400);
    expect((await me(organiser.token)).body.user.email).toBe(organiser.email);
  });

  it('refuses an email or phone another account holds, and a phone that is not one', async () => {
    const a = await givenOrganiser(t);
    const b = await givenOrganiser(t);
    const email = await t.post(
      `${SETTINGS}/email`,
      { email: b.email, currentPassword: a.password },
      { token: a.token },
    );
    expect(email.status).toBe(409);
    expect(email.body).toEqual({
      error: 'Another account already uses this email.',
      code: 'EMAIL_TAKEN',
    });
    const phone = await t.request('PATCH', `${SETTINGS}/profile`, {
      token: a.token,
      body: { phoneNumber: b.phoneNumber },
    });
    expect(phone.status).toBe(409);
    expect(phone.body.code).toBe('PHONE_TAKEN');
    const bad = await t.request('PATCH', `${SETTINGS}/profile`, {
      token: a.token,
      body: { phoneNumber: '12' },
    });
    expect(bad.status).toBe(400);
    const fresh = uniquePhone();
    const ok = await t.request('PATCH', `${SETTINGS}/profile`, {
      token: a.token,
      body: { phoneNumber: fresh },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.profile.phoneNumber).toBe(e164(fresh));
    // The phone is the login: the new one works.
    await logIn(t, { phoneNumber: fresh, password: a.password });
  });

  it('changes the password, signs out every other session and keeps this one', async () => {
    const organiser = await givenOrganiser(t);
    const otherDevice = await logIn(t, organiser);
    const wrong = await t.post(
      `${SETTINGS}/password`,
      { currentPassword: 'not-my-password', newPassword: 'a-new-password-1' },
      { token: organiser.token },
    );
    // 400, not 401: a 401 would sign the web client out.
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: 'Your current password is not right.',
      code: 'INVALID_CREDENTIALS',
    });
    expect((await me(otherDevice)).status).toBe(200);

    const short = await t.post(
      `${SETTINGS}/password`,
      { currentPassword: organiser.password, newPassword: 'short' },
      { token: organiser.token },
    );
    expect(short.status).toBe(400);

    const res = await t.post(
      `${SETTINGS}/password`,
      { currentPassword: organiser.password, newPassword: 'a-new-password-1' },
      { token: organiser.token },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(
      'Your password has been changed. Other devices have been signed out.',
    );
    expect((await me(organiser.token)).status).toBe(200);
    expect((await me(otherDevice)).status).toBe(401);
    const mail = await t.latestMailTo(organiser.email, 'password-changed');
    expect(mail.subject).toBe('Your Gatepass password was changed');
    const oldLogin = await t.post(`${AUTH}/login`, {
      phoneNumber: organiser.phoneNumber,
      password: organiser.password,
    });
    expect(oldLogin.status).toBe(401);
    await logIn(t, { phoneNumber: organiser.phoneNumber, password: 'a-new-password-1' });
  });

  it('stops guessing the current password', async () => {
    const organiser = await givenOrganiser(t);
    for (let i = 0; i < SETTINGS_LIMIT_RULES.passwordFailuresPerUser.points; i++) {
      const res = await t.post(
        `${SETTINGS}/password`,
        { currentPassword: `guess-${i}-xx`, newPassword: 'a-new-password-1' },
        { token: organiser.token },
      );
      expect(res.status).toBe(400);
    }
    const blocked = await t.post(
      `${SETTINGS}/password`,
      { currentPassword: organiser.password, newPassword: 'a-new-password-1' },
      { token: organiser.token },
    );
    expect(blocked.status).toBe(429);
  });

  it('keeps the public name, logo, payout account and preferences', async () => {
    const organiser = await givenOrganiser(t);
    const stranger = await givenOrganiser(t);
    const { payload, headers } = multipartBody(await makeImage('png'), {
      filename: 'logo.png',
      contentType: 'image/png',
    });
    const upload = async (token: string) => {
      const res = await t.request('POST', `${API}/media`, { token, payload, headers });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };
    const logo = await upload(organiser.token);
    const theirs = await upload(stranger.token);

    const refused = await t.request('PATCH', `${SETTINGS}/organiser`, {
      token: organiser.token,
      body: { logoMediaId: theirs },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Logo is not recognised. Please upload it again.');

    const saved = await t.request('PATCH', `${SETTINGS}/organiser`, {
      token: organiser.token,
      body: { publicName: 'Lagos Live', logoMediaId: logo },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.organiser).toEqual({
      publicName: 'Lagos Live',
      displayName: 'Lagos Live',
      logoMediaId: logo,
      logoUrl: `/api/v1/media/${logo}`,
    });

    const badAccount = await t.request('PUT', `${SETTINGS}/payout`, {
      token: organiser.token,
      body: { bankName: 'GTBank', accountNumber: '01234', accountName: 'Lagos Live Ltd' },
    });
    expect(badAccount.status).toBe(400);
    expect(badAccount.body.error).toBe('Account number must be 10 digits.');
    const payout = await t.request('PUT', `${SETTINGS}/payout`, {
      token: organiser.token,
      body: { bankName: 'GTBank', accountNumber: '0123 456 789', accountName: 'Lagos Live Ltd' },
    });
    expect(payout.status, payout.text).toBe(200);
    expect(payout.body.data.payout).toEqual({
      bankName: 'GTBank',
      accountNumber: '0123456789',
      accountName: 'Lagos Live Ltd',
      // Without Paystack the account is stored as typed, not verified (decision 038).
      bankCode: null,
      verified: false,
    });
    // Saving one section leaves the others alone.
    expect(payout.body.data.organiser.publicName).toBe('Lagos Live');

    const prefs = await t.request('PATCH', `${SETTINGS}/preferences`, {
      token: organiser.token,
      body: { defaultFeeMode: 'absorb' },
    });
    expect(prefs.body.data.preferences).toEqual({
      defaultFeeMode: 'absorb',
      orderNotifications: false,
    });
    // New events take the default fee mode.
    const event = await t.post(
      MANAGE,
      { title: 'Absorbed by default' },
      { token: organiser.token },
    );
    expect(event.status, event.text).toBe(201);
    expect(event.body.data.feeMode).toBe('absorb');
    const explicit = await t.post(
      MANAGE,
      { title: 'Passed on purpose', feeMode: 'pass' },
      {
        token: organiser.token,
      },
    );
    expect(explicit.body.data.feeMode).toBe('pass');

    const removed = await t.request('DELETE', `${SETTINGS}/payout`, { token: organiser.token });
    expect(removed.body.data.payout).toBeNull();
  });

  it('mails the organiser on each completed order when notifications are on', async () => {
    const organiser = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 0, capacity: 9 },
    ]);
    const countNotices = async () =>
      (await t.mailsTo(organiser.email)).filter((m) => m.kind === 'order-notification').length;

    await buy(t, event.id, types[0]!.id);
    expect(await countNotices()).toBe(0);

    await t.request('PATCH', `${SETTINGS}/preferences`, {
      token: organiser.token,
      body: { orderNotifications: true },
    });
    const { order } = await buy(t, event.id, types[0]!.id, { quantity: 2 });
    expect(await countNotices()).toBe(1);
    const notice = await t.latestMailTo(organiser.email, 'order-notification');
    expect(notice.subject).toBe(`New order ${order.orderCode} — ${event.title}`);
    expect(notice.text_body).toContain('2 × Regular');

    // A paid order notifies when it completes, not when it is held.
    const paidEvent = await givenEventWithTypes(t, organiser.token, [{ price: 1000 }]);
    const pending = await buy(t, paidEvent.event.id, paidEvent.types[0]!.id);
    expect(pending.order.status).toBe('pending');
    expect(await countNotices()).toBe(1);
    await buy(t, paidEvent.event.id, paidEvent.types[0]!.id, { pay: 'test' });
    expect(await countNotices()).toBe(2);
  });
});
