import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailRow } from './mail.table.ts';

export interface MailTransport {
  /** 'sent' when a server accepted it; 'logged' when it was only written to the log. */
  readonly delivers: 'sent' | 'logged';
  send(mail: MailRow): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    delivers: 'sent',
    async send(mail) {
      await transporter.sendMail({
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
      });
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
