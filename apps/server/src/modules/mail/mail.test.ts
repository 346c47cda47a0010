import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUser, logIn, newSignup } from '../../../test/factories.ts';
import {
  AUTH,
  codeFromText,
  eventually,
  resetLinkFromText,
  startTestApp,
  type TestApp,
} from '../../../test/helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { countRequest } from '../../lib/request-rate.ts';
import type { MailRow } from './mail.table.ts';

/** Real SMTP round trips: nodemailer in the app, `smtp-server` in the test. */
let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    smtpUrl: smtp.url,
    mailFrom: 'Gatepass <no-reply@gatepass.test>',
    mailRetryIntervalMs: 100,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const to = (email: string) => (mail: { to: string[] }) => mail.to.includes(email);

async function outboxRow(app: TestApp, email: string, kind: string): Promise<MailRow> {
  return app.latestMailTo(email, kind);
}

/** Makes a mail waiting for its retry due now, as if its backoff had passed. */
async function makeDue(app: TestApp, id: string): Promise<void> {
  await app.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

describe('mail over SMTP', () => {
  it('delivers the signup code; the code read from the received mail verifies the account', async () => {
    const input = newSignup();
    expect((await t.post(`${AUTH}/signup`, input)).status).toBe(201);

    const mail = await smtp.waitForMail(to(input.email));
    expect(mail.from).toContain('no-reply@gatepass.test');
    expect(mail.subject).toMatch(/verification code/i);
    const code = codeFromText(mail.text);
    expect(mail.html).toContain(code);

    const res = await t.post(`${AUTH}/verify-email`, { email: input.email, code });
    expect(res.status).toBe(200);
    expect(res.body.user.emailVerified).toBe(true);

    const row = await eventually(async () => {
      const r = await outboxRow(t, input.email, 'verify-email');
      return r.status === 'sent' ? r : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('delivers a reset link that opens /reset-password and resets the password', async () => {
    const user = await givenUser(t);
    expect((await t.post(`${AUTH}/forgot-password`, { email: user.email })).status).toBe(200);

    const mail = await smtp.waitForMail((m) => to(user.email)(m) && /reset/i.test(m.subject));
    const link = resetLinkFromText(mail.text);
    expect(link.startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    const res = await t.post(`${AUTH}/reset-password`, { token, password: 'reset over smtp' });
    expect(res.status).toBe(200);
    expect(await logIn(t, { phoneNumber: user.phoneNumber, password: 'reset over smtp' })).toEqual(
      expect.any(String),
    );
  });

  it('keeps a refused mail pending with the attempt counted, and delivers it on a later try', async () => {
    smtp.refuseWith = { code: 451, message: 'Mailbox temporarily unavailable' };
    const refusedBefore = smtp.refused;
    const input = newSignup();
    try {
      expect((await t.post(`${AUTH}/signup`, input)).status).toBe(201);
      const failed = await eventually(async () => {
        const r = await outboxRow(t, input.email, 'verify-email');
        return r.attempts >= 1 ? r : undefined;
      });
      expect(failed.status).toBe('pending');
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatch(/451|temporarily unavailable/i);
      expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
      expect(smtp.refused).toBe(refusedBefore + 1);
      expect(smtp.received.some(to(input.email))).toBe(false);
    } finally {
      smtp.refuseWith = undefined;
    }

    const { id } = await outboxRow(t, input.email, 'verify-email');
    await makeDue(t, id);
    t.app.services.mail.kick();

    const mail = await smtp.waitForMail(to(input.email));
    const sent = await eventually(async () => {
      const r = await outboxRow(t, input.email, 'verify-email');
      return r.status === 'sent' ? r : undefined;
    });
    expect(sent.id).toBe(id);
    expect(sent.attempts).toBe(2);
    expect(sent.last_error).toBeNull();
    expect(smtp.received.filter(to(input.email))).toHaveLength(1);
    const res = await t.post(`${AUTH}/verify-email`, {
      email: input.email,
      code: codeFromText(mail.text),
    });
    expect(res.status).toBe(200);
  });

  it('keeps a mail after the last retry as failed, never deleting it', async () => {
    smtp.refuseWith = { code: 554, message: 'Transaction failed' };
    const input = newSignup();
    try {
      expect((await t.post(`${AUTH}/signup`, input)).status).toBe(201);
      const first = await eventually(async () => {
        const r = await outboxRow(t, input.email, 'verify-email');
        return r.attempts >= 1 ? r : undefined;
      });
      // Skip ahead to the last scheduled attempt.
      await t.db
        .updateTable('mail_outbox')
        .set({ attempts: 10, next_attempt_at: sql<Date>`now()` })
        .where('id', '=', first.id)
        .execute();
      t.app.services.mail.kick();

      const failed = await eventually(async () => {
        const r = await outboxRow(t, input.email, 'verify-email');
        return r.status === 'failed' ? r : undefined;
      });
      expect(failed.attempts).toBe(11);
      // The message itself is still there to resend or inspect.
      expect(codeFromText(failed.text_body)).toMatch(/^\d{6}$/);
    } finally {
      smtp.refuseWith = undefined;
    }
  });
});

describe('mail during a rush (decision 103)', () => {
  it('holds a message back while the process serves a rush, and sends it once the rush is over', async () => {
    // ~3,000 requests a second on this process, as a flash sale's: far over the rush line.
    const rush = setInterval(() => {
      for (let i = 0; i < 30; i++) countRequest();
    }, 10);
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const input = newSignup();
      expect((await t.post(`${AUTH}/signup`, input)).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Without the hold the code is in the mailbox within a few milliseconds.
      expect(smtp.received.filter(to(input.email))).toHaveLength(0);
      expect((await outboxRow(t, input.email, 'verify-email')).status).toBe('pending');
      clearInterval(rush);
      const mail = await smtp.waitForMail(to(input.email), 5_000);
      expect(mail.subject).toMatch(/verification code/i);
    } finally {
      clearInterval(rush);
    }
  });
});

describe('mail while the SMTP server is down', () => {
  it('keeps the mail pending and delivers it once the server is back on its port', async () => {
    const port = smtp.port;
    await smtp.close();
    const input = newSignup();
    expect((await t.post(`${AUTH}/signup`, input)).status).toBe(201);
    const failed = await eventually(async () => {
      const r = await outboxRow(t, input.email, 'verify-email');
      return r.attempts >= 1 ? r : undefined;
    });
    expect(failed.status).toBe('pending');
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpServer(port);
    await makeDue(t, failed.id);
    t.app.services.mail.kick();

    const mail = await smtp.waitForMail(to(input.email));
    const res = await t.post(`${AUTH}/verify-email`, {
      email: input.email,
      code: codeFromText(mail.text),
    });
    expect(res.status).toBe(200);
  });
});
