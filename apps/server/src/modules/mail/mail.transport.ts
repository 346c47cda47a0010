import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { MailRow } from './mail.table.ts';

export interface MailTransport {
  /** 'sent' when a server accepted it; 'logged' when it was only written to the log. */
  readonly delivers: 'sent' | 'logged';
  /** Aborting `signal` gives up on the mail (shutdown): the promise rejects at once. */
  send(mail: MailRow, signal?: AbortSignal): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    delivers: 'sent',
    async send(mail, signal) {
      // nodemailer (10+) closes the connection of a send whose signal aborts; its types
      // (@types/nodemailer 8) do not know the option yet.
      const options: Mail.Options & { signal?: AbortSignal } = {
        ...(signal ? { signal } : {}),
        from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
                encoding: 'base64',
                ...(a.cid ? { cid: a.cid } : {}),
              })),
            }
          : {}),
      };
      await transporter.sendMail(options);
    },
    close: () => transporter.close(),
  };
}

/**
 * With no SMTP_URL, a local user still needs their code or link: the mail stays in the
 * outbox and its text goes to the log. This is the only place a code is ever logged, and
 * only when no mail server is configured (docs/decisions/003-mail-outbox.md).
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    delivers: 'logged',
    async send(mail) {
      // Attachments by name only: their bytes (a ticket, a QR code) are no log's business.
      const attachments = mail.attachments?.map((a) => a.filename);
      log.info(
        {
          mailId: mail.id,
          kind: mail.kind,
          to: mail.to_address,
          ...(attachments?.length ? { attachments } : {}),
        },
        `mail (no SMTP_URL set) "${mail.subject}" to ${mail.to_address}:\n${mail.text_body}`,
      );
    },
    close: () => {},
  };
}
