import type { FastifyBaseLogger } from 'fastify';
import type { MessageTransport, OutboxMessage } from '../mail/mail.transport.ts';
import type { SmsProvider } from './sms.provider.ts';
import { maskPhone } from './sms.transport.ts';

/** How long one send may take: well under the outbox's lease (mail.service.ts). */
const TIMEOUT_MS = 30_000;

/**
 * A WhatsApp template message as the outbox keeps it (`text_body`, JSON): WhatsApp lets a
 * business start a conversation only with a template the business registered and Meta
 * approved, filled with body parameters (decision 083).
 */
export interface WhatsAppTemplate {
  /** The registered template's name, e.g. `gatepass_reminder`. */
  name: string;
  /** The body's {{1}}, {{2}}… in order. */
  params: string[];
}

/** The template names Gatepass uses; an operator registers them with these bodies (README). */
export const WHATSAPP_TEMPLATES = {
  ticket: 'gatepass_ticket',
  announcement: 'gatepass_announcement',
  reminder: 'gatepass_reminder',
  /** A change to a ticket (refund, cancellation, new date or place): {{1}} the SMS's words. */
  update: 'gatepass_update',
} as const;

export const whatsappText = (template: WhatsAppTemplate): string => JSON.stringify(template);

/**
 * The WhatsApp Business Cloud API (https://developers.facebook.com/docs/whatsapp/cloud-api/
 * guides/send-message-templates): `POST {api}/{phone-number-id}/messages` with a Bearer
 * token and `{ messaging_product: 'whatsapp', to, type: 'template', template: { name,
 * language: { code }, components: [{ type: 'body', parameters: [{ type: 'text', text }] }] } }`;
 * success answers `{ messages: [{ id }] }`, a refusal a non-2xx with `{ error: { message } }`.
 * It meets the SMS channel's provider interface: `text` is the template as JSON.
 */
export class WhatsAppCloudProvider implements SmsProvider {
  readonly name = 'whatsapp-cloud';

  constructor(
    private readonly token: string,
    private readonly phoneNumberId: string,
    private readonly apiUrl: string,
    private readonly language: string,
  ) {}

  async send(to: string, text: string, signal?: AbortSignal) {
    const template = JSON.parse(text) as WhatsAppTemplate;
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const res = await fetch(`${this.apiUrl}/${this.phoneNumberId}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: template.name,
          language: { code: this.language },
          components: [
            {
              type: 'body',
              parameters: template.params.map((p) => ({ type: 'text', text: p })),
            },
          ],
        },
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const raw = await res.text();
    let body: { messages?: { id?: unknown }[]; error?: { message?: unknown } } = {};
    try {
      body = raw ? (JSON.parse(raw) as typeof body) : {};
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    if (!res.ok) {
      const why =
        typeof body.error?.message === 'string' ? body.error.message.slice(0, 200) : res.statusText;
      throw new Error(`WhatsApp answered ${res.status}: ${why}`);
    }
    const id = body.messages?.[0]?.id;
    return { messageId: typeof id === 'string' ? id : undefined };
  }
}

/**
 * No WhatsApp configured: the row is marked `logged` and kept, with only its id, kind and
 * the number's last digits in the log (a template carries the ticket link).
 */
export function whatsappLogTransport(log: FastifyBaseLogger): MessageTransport {
  return {
    delivers: 'logged',
    async send(row: OutboxMessage) {
      log.info(
        { mailId: row.id, channel: 'whatsapp', kind: row.kind, to: maskPhone(row.to_address) },
        'whatsapp not sent (no WHATSAPP_TOKEN set); kept in the outbox',
      );
    },
    close: () => {},
  };
}
