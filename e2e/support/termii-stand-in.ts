import http from 'node:http';
import type net from 'node:net';

/**
 * A stand-in for Termii's Messaging API for the browser tests, following its documented
 * request and answers (https://developers.termii.com/messaging-api): `POST /api/sms/send`
 * with JSON `{ api_key, to, from, sms, type: 'plain', channel: 'generic' }` (`to` in
 * international format without the plus) answers 200 `{ message_id, message: 'Successfully
 * Sent', balance, user }`; a wrong key 401 `{ message }`. Every accepted SMS is recorded.
 */
export interface StandInSms {
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
  messageId: string;
}

export interface TermiiStandIn {
  url: string;
  apiKey: string;
  senderId: string;
  received: StandInSms[];
  close(): Promise<void>;
}

export async function startTermiiStandIn(
  apiKey = 'TLe2estandinkey',
  senderId = 'Gatepass',
): Promise<TermiiStandIn> {
  const received: StandInSms[] = [];
  let nextId = 4_200_000;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/api/sms/send')
        return json(404, { message: 'Not found' });
      let body: Record<string, string>;
      try {
        body = JSON.parse(raw) as Record<string, string>;
      } catch {
        return json(400, { message: 'Invalid JSON' });
      }
      if (body.api_key !== apiKey) return json(401, { message: 'Invalid API key' });
      if (!body.to || !body.from || !body.sms || !body.type || !body.channel)
        return json(400, { message: 'to, from, sms, type and channel are required' });
      const messageId = String(nextId++);
      received.push({
        to: body.to,
        from: body.from,
        sms: body.sms,
        type: body.type,
        channel: body.channel,
        messageId,
      });
      json(200, {
        message_id: messageId,
        message: 'Successfully Sent',
        balance: 9,
        user: 'Gatepass e2e',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    senderId,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
