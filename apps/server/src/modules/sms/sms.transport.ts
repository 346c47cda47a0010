import type { FastifyBaseLogger } from 'fastify';
import type { MessageTransport, OutboxMessage } from '../mail/mail.transport.ts';
import type { SmsProvider } from './sms.provider.ts';

/** The outbox's SMS channel through a provider (Termii). */
export function smsTransport(provider: SmsProvider): MessageTransport {
  return {
    delivers: 'sent',
    async send(sms: OutboxMessage, signal?: AbortSignal) {
      const { messageId } = await provider.send(sms.to_address, sms.text_body, signal);
      return messageId;
    },
    close: () => {},
  };
}

/** The last digits only: a phone number is no log's business beyond telling rows apart. */
export const maskPhone = (phone: string) => `…${phone.slice(-4)}`;

/**
 * No SMS provider configured (TERMII_API_KEY unset): the row is marked `logged` and kept in
 * the outbox. With `withText` — a local run without SMTP_URL either, where mail is logged
 * too — the SMS's text goes to the log, so someone trying the app sees what a buyer would
 * have received. A deployment that sends mail but no SMS logs only that an SMS was not
 * sent: the text holds the order code and the ticket link, which belong in no log
 * (decision 041).
 */
export function smsLogTransport(
  log: FastifyBaseLogger,
  options: { withText: boolean } = { withText: true },
): MessageTransport {
  return {
    delivers: 'logged',
    async send(sms: OutboxMessage) {
      const fields = {
        mailId: sms.id,
        channel: 'sms',
        kind: sms.kind,
        to: maskPhone(sms.to_address),
      };
      if (options.withText)
        log.info(fields, `sms (no TERMII_API_KEY set) to ${sms.to_address}:\n${sms.text_body}`);
      else log.info(fields, 'sms not sent (no TERMII_API_KEY set); kept in the outbox');
    },
    close: () => {},
  };
}
