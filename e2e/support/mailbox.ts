import fs from 'node:fs';
import path from 'node:path';
import { ENV, requireEnv } from './env.ts';

/** One mail as the SMTP capture of the global setup received and decoded it. */
export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Epoch milliseconds. */
  receivedAt: number;
}

function readAll(): CapturedMail[] {
  const dir = requireEnv(ENV.mailDir);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CapturedMail);
}

export interface MailQuery {
  /** Only mails whose subject or text matches. */
  matching?: RegExp;
  /** Only mails received at or after this epoch time (ms). */
  since?: number;
  timeoutMs?: number;
}

/** Waits for the newest mail to `to` that fits the query. */
export async function waitForMail(to: string, query: MailQuery = {}): Promise<CapturedMail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + (query.timeoutMs ?? 15_000);
  for (;;) {
    const found = readAll()
      .filter((m) => m.to.includes(address))
      .filter((m) => query.since === undefined || m.receivedAt >= query.since)
      .filter(
        (m) => !query.matching || query.matching.test(m.subject) || query.matching.test(m.text),
      )
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `No mail to ${to}${query.matching ? ` matching ${String(query.matching)}` : ''} arrived within ${query.timeoutMs ?? 15_000} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit verification code of the newest verification mail to `to`. */
export async function waitForVerificationCode(to: string, since?: number): Promise<string> {
  const mail = await waitForMail(to, {
    matching: /verification code/i,
    ...(since === undefined ? {} : { since }),
  });
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`The verification mail to ${to} holds no 6-digit code: ${mail.text}`);
  return code;
}

/** The /reset-password?token=… link of the newest password reset mail to `to`. */
export async function waitForResetLink(to: string, since?: number): Promise<URL> {
  const mail = await waitForMail(to, {
    matching: /reset-password\?token=/,
    ...(since === undefined ? {} : { since }),
  });
  const link = /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`The reset mail to ${to} holds no reset link: ${mail.text}`);
  return new URL(link);
}

/** Every mail received so far to `to` whose subject or text matches (counting messages). */
export function mailsTo(to: string, matching?: RegExp): CapturedMail[] {
  const address = to.toLowerCase();
  return readAll()
    .filter((m) => m.to.includes(address))
    .filter((m) => !matching || matching.test(m.subject) || matching.test(m.text));
}
