import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { MailRow } from './mail.table.ts';

/** What a channel's transport is given to deliver: the outbox row, as the dispatcher claimed it. */
export type OutboxMessage = MailRow;

/** How one channel of the outbox delivers a message (mail: SMTP or the log; SMS: sms.transport.ts). */
export interface MessageTransport {
  /** 'sent' when a server accepted it; 'logged' when it was only written to the log. */
  readonly delivers: 'sent' | 'logged';
  /**
   * Sends the row; answers the provider's id for it, if any. Aborting `signal` gives up on
   * the message (shutdown): the promise rejects at once.
   */
  send(message: OutboxMessage, signal?: AbortSignal): Promise<string | undefined | void>;
  close(): void;
}

export type MailTransport = MessageTransport;

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  // The outbox row's id is the mail's idempotency key: every attempt carries the same
  // Message-ID, so a mail a server accepted twice (decision 041) is one message to clients
  // that thread or de-duplicate by it.
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'gatepass.local';
  return {
    delivers: 'sent',
    async send(mail, signal) {
      // nodemailer (10+) closes the connection of a send whose signal aborts; its types
      // (@types/nodemailer 8) do not know the option yet.
      const options: Mail.Options & { signal?: AbortSignal } = {
        ...(signal ? { signal } : {}),
        messageId: `<${mail.id}@${domain}>`,
        from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        // Announcements and reminders say how to stop them (RFC 2369, one click: RFC 8058).
        ...(mail.context?.listUnsubscribe
          ? {
              headers: {
                'List-Unsubscribe': `<${mail.context.listUnsubscribe}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
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
      const info = (await transporter.sendMail(options)) as { messageId?: string };
      return info.messageId;
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
