import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Termii's Messaging API (https://developers.termii.com/messaging-api):
 * these machines cannot reach Termii, so the app sends to this server over real HTTP.
 *
 * - POST /api/sms/send with JSON `{ api_key, to, from, sms, type, channel }`; `to` is the
 *   number in international format without the plus (2348012345678);
 * - a wrong api_key → 401 `{ message: 'Invalid API key' }`; a missing field → 400
 *   `{ message: '…' }`;
 * - success → 200 `{ message_id, message: 'Successfully Sent', balance, user }`.
 *
 * `failNext(n, status)` answers the next n sends with that status and a JSON message (a
 * provider outage); `delayMs` holds each answer back. Every send is recorded.
 */
export interface TermiiRequest {
  apiKey: string;
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
  messageId: string | null;
  status: number;
}

export interface TermiiFake {
  url: string;
  apiKey: string;
  senderId: string;
  /** Every request, in order (refused ones too). */
  requests: TermiiRequest[];
  /** The messages Termii accepted. */
  sent(): TermiiRequest[];
  failNext(count: number, status?: number): void;
  delayMs: number;
  close(): Promise<void>;
}

export async function startTermiiFake(
  apiKey = 'TLtestkey0123456789',
  senderId = 'Gatepass',
): Promise<TermiiFake> {
  const requests: TermiiRequest[] = [];
  let failures = 0;
  let failStatus = 500;
  let nextId = 3_017_000_000;
  const state = { delayMs: 0 };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        }, state.delayMs);
      };
      if (req.method !== 'POST' || req.url !== '/api/sms/send') {
        return answer(404, { message: 'Not found' });
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return answer(400, { message: 'Invalid JSON' });
      }
      const field = (name: string) =>
        typeof body[name] === 'string' ? (body[name] as string) : '';
      const record: TermiiRequest = {
        apiKey: field('api_key'),
        to: field('to'),
        from: field('from'),
        sms: field('sms'),
        type: field('type'),
        channel: field('channel'),
        messageId: null,
        status: 200,
      };
      requests.push(record);
      const refuse = (status: number, message: string) => {
        record.status = status;
        answer(status, { message });
      };
      if (record.apiKey !== apiKey) return refuse(401, 'Invalid API key');
      for (const name of ['to', 'from', 'sms', 'type', 'channel'] as const) {
        if (!record[name]) return refuse(400, `The ${name} field is required.`);
      }
      if (!/^\d{10,15}$/.test(record.to)) return refuse(400, 'Invalid phone number');
      if (failures > 0) {
        failures -= 1;
        return refuse(failStatus, 'Service temporarily unavailable');
      }
      record.messageId = String(nextId++);
      answer(200, {
        message_id: record.messageId,
        message: 'Successfully Sent',
        balance: 9,
        user: 'Gatepass Test',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    senderId,
    requests,
    sent: () => requests.filter((r) => r.status === 200),
    failNext(count, status = 500) {
      failures = count;
      failStatus = status;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
