import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { e164, newSignup } from './factories.ts';
import { AUTH, codeFromText, resetLinkFromText, startTestApp, type TestApp } from './helper.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

/**
 * Logs are read by more people than the database is: they must never carry a password,
 * a session token, a verification code or a reset link once mail goes out by SMTP.
 */
describe('logs with SMTP configured', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  /** Anything written with console.* bypasses pino and its redaction: it counts as a log too. */
  const consoleLines: string[] = [];
  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void consoleLines.push(args.map(String).join(' ')),
      );
    }
    smtp = await startSmtpServer();
    t = await startTestApp({ smtpUrl: smtp.url }, { captureLogs: true, logLevel: 'trace' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    vi.restoreAllMocks();
  });

  it('never contain a password, token, verification code or reset link through a whole account life', async () => {
    const input = newSignup({ password: 'first-Secret-9137' });
    const secrets: string[] = [input.password];

    expect((await t.post(`${AUTH}/signup`, input)).status).toBe(201);
    const codeMail = await smtp.waitForMail((m) => m.to.includes(input.email));
    const code = codeFromText(codeMail.text);
    secrets.push(code);
    expect(
      (
        await t.post(`${AUTH}/verify-email`, {
          email: input.email,
          code: code === '000000' ? '111111' : '000000',
        })
      ).status,
    ).toBe(400);
    expect((await t.post(`${AUTH}/verify-email`, { email: input.email, code })).status).toBe(200);

    const wrongPassword = 'wrong-Secret-5521';
    secrets.push(wrongPassword);
    expect(
      (await t.post(`${AUTH}/login`, { phoneNumber: input.phoneNumber, password: wrongPassword }))
        .status,
    ).toBe(401);
    const login = await t.post(`${AUTH}/login`, {
      phoneNumber: input.phoneNumber,
      password: input.password,
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    secrets.push(token);
    expect((await t.request('GET', `${AUTH}/me`, { token })).status).toBe(200);

    expect((await t.post(`${AUTH}/forgot-password`, { email: input.email })).status).toBe(200);
    const resetMail = await smtp.waitForMail(
      (m) => m.to.includes(input.email) && /reset/i.test(m.subject),
    );
    const link = resetLinkFromText(resetMail.text);
    const resetToken = new URL(link).searchParams.get('token')!;
    secrets.push(link, resetToken);
    // Someone opening the link in a browser: the SPA route with the token in its query.
    await t.request('GET', `/reset-password?token=${encodeURIComponent(resetToken)}`);
    const newPassword = 'second-Secret-4410';
    secrets.push(newPassword);
    expect(
      (await t.post(`${AUTH}/reset-password`, { token: resetToken, password: newPassword })).status,
    ).toBe(200);

    const again = await t.post(`${AUTH}/login`, {
      phoneNumber: e164(input.phoneNumber),
      password: newPassword,
    });
    expect(again.status).toBe(200);
    secrets.push(again.body.token as string);
    expect(
      (await t.request('POST', `${AUTH}/logout`, { token: again.body.token as string })).status,
    ).toBe(200);
    await t.app.services.mail.idle();

    const logs = [...t.logs, ...consoleLines].join('\n');
    // The capture works and sees the requests, so an empty log cannot pass this test.
    expect(t.logs.length).toBeGreaterThan(10);
    expect(logs).toContain('/api/v1/auth/user/reset-password');
    expect(logs).toContain('token=[redacted]');
    for (const secret of secrets) {
      expect(logs, `a secret leaked into the logs: ${secret}`).not.toContain(secret);
    }
    expect(logs).not.toMatch(/authorization"\s*:\s*"Bearer/i);
  });
});

describe('logs without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { captureLogs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('carry the verification code so a local user can finish signup, but never the password', async () => {
    const input = newSignup({ password: 'local-Secret-2290' });
    expect((await t.post(`${AUTH}/signup`, input)).status).toBe(201);
    await t.app.services.mail.idle();

    const code = await t.latestCodeFor(input.email);
    const logs = t.logs.join('\n');
    expect(logs).toContain(code);
    expect(logs).not.toContain(input.password);
  });
});
