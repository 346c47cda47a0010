import type { FastifyBaseLogger } from 'fastify';
import type { MailRow } from '../mail/mail.table.ts';
import type { MessageTransport } from '../mail/mail.transport.ts';
import type { SmsProvider } from './sms.provider.ts';

/** The outbox's SMS channel through a provider (Termii). */
export function smsTransport(provider: SmsProvider): MessageTransport {
  return {
    delivers: 'sent',
    async send(sms: MailRow, signal?: AbortSignal) {
      const { messageId } = await provider.send(sms.to_address, sms.text_body, signal);
      return messageId;
    },
    close: () => {},
  };
}

/** The last digits only: a phone number is no log's business beyond telling rows apart. */
export const maskPhone = (phone: string) => `…${phone.slice(-4)}`;

/**
 * No SMS provider configured (TERMII_API_KEY unset): like mail without SMTP_URL, the text
 * goes to the log and the row is marked `logged`, so someone running the app locally sees
 * what a buyer would have received. The only place an SMS's text (with its ticket link) is
 * logged.
 */
export function smsLogTransport(log: FastifyBaseLogger): MessageTransport {
  return {
    delivers: 'logged',
    async send(sms: MailRow) {
      log.info(
        { mailId: sms.id, channel: 'sms', kind: sms.kind, to: maskPhone(sms.to_address) },
        `sms (no TERMII_API_KEY set) to ${sms.to_address}:\n${sms.text_body}`,
      );
    },
    close: () => {},
  };
}
