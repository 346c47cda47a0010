import http from 'node:http';
import type net from 'node:net';

/**
 * A stand-in for the WhatsApp Business Cloud API's template messages for the browser tests,
 * following its documented request and answers: `POST /{phone-number-id}/messages` with
 * `Authorization: Bearer {token}` and `{ messaging_product: 'whatsapp', to, type: 'template',
 * template: { name, language: { code }, components } }` answers 200 `{ messaging_product,
 * contacts: [{ input, wa_id }], messages: [{ id }] }`; a wrong token 401 `{ error }`.
 * Every accepted message is recorded.
 */
export interface StandInWhatsApp {
  to: string;
  template: string;
  params: string[];
  id: string;
}

export interface WhatsAppStandIn {
  url: string;
  token: string;
  phoneNumberId: string;
  sent: StandInWhatsApp[];
  close(): Promise<void>;
}

export async function startWhatsAppStandIn(
  token = 'EAAGe2eToken0123456789',
  phoneNumberId = '106540352242922',
): Promise<WhatsAppStandIn> {
  const sent: StandInWhatsApp[] = [];
  let next = 1;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${token}`)
        return answer(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      if (req.method !== 'POST' || req.url !== `/${phoneNumberId}/messages`)
        return answer(400, { error: { message: 'Unsupported post request.', code: 100 } });
      try {
        const body = JSON.parse(raw) as {
          messaging_product?: string;
          to?: string;
          type?: string;
          template?: {
            name?: string;
            components?: { type: string; parameters?: { text?: string }[] }[];
          };
        };
        if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.to)
          return answer(400, { error: { message: '(#100) Invalid parameter', code: 100 } });
        const id = `wamid.E2E${String(next++).padStart(8, '0')}`;
        sent.push({
          to: body.to,
          template: body.template?.name ?? '',
          params: (body.template?.components ?? [])
            .flatMap((c) => c.parameters ?? [])
            .map((p) => p.text ?? ''),
          id,
        });
        answer(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id }],
        });
      } catch {
        answer(400, { error: { message: 'Invalid JSON', code: 100 } });
      }
    });
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    phoneNumberId,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
