/** Sends one text message; answers the provider's id for it. Rejects when it was not accepted. */
export interface SmsProvider {
  /** Its name in logs and docs. */
  readonly name: string;
  /** `to` in E.164 (+2348012345678). Aborting `signal` gives up at once. */
  send(to: string, text: string, signal?: AbortSignal): Promise<{ messageId: string | undefined }>;
}

/** How long one send may take: well under the outbox's lease (mail.service.ts). */
const TIMEOUT_MS = 30_000;

/**
 * Termii's Messaging API (https://developers.termii.com/messaging-api): `POST
 * {base}/api/sms/send` with JSON `{ api_key, to, from, sms, type: 'plain', channel:
 * 'generic' }`, `to` in international format without the plus (2348012345678), `from` a
 * sender ID registered with Termii. Success is 200 with `{ message_id, message: 'Successfully
 * Sent', balance, user }`; a refusal is a non-2xx status with a JSON `message`. `channel`
 * may be 'dnd' instead (TERMII_CHANNEL) to reach numbers on the Do-Not-Disturb list.
 *
 * Termii takes no idempotency key: the outbox row's id travels only in our logs, and what a
 * crash between Termii's answer and our record can cause is in decision 041.
 */
export class TermiiProvider implements SmsProvider {
  readonly name = 'termii';

  constructor(
    private readonly apiKey: string,
    private readonly senderId: string,
    private readonly baseUrl: string,
    /**
     * Termii's route: 'generic' (the default) does not reach numbers on Nigeria's Do-Not-
     * Disturb list; 'dnd' does, once Termii has enabled it on the account.
     */
    private readonly channel: 'generic' | 'dnd' = 'generic',
  ) {}

  async send(to: string, text: string, signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const res = await fetch(`${this.baseUrl}/api/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        api_key: this.apiKey,
        to: to.replace(/^\+/, ''),
        from: this.senderId,
        sms: text,
        type: 'plain',
        channel: this.channel,
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const raw = await res.text();
    let body: { message_id?: unknown; message?: unknown } = {};
    try {
      body = raw ? (JSON.parse(raw) as typeof body) : {};
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    if (!res.ok) {
      const why = typeof body.message === 'string' ? body.message.slice(0, 200) : res.statusText;
      throw new Error(`Termii answered ${res.status}: ${why}`);
    }
    const id = body.message_id;
    return { messageId: typeof id === 'string' || typeof id === 'number' ? String(id) : undefined };
  }
}
