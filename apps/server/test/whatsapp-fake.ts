import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WhatsApp Business Cloud API's template messages
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates):
 *
 * - POST /{phone-number-id}/messages, `Authorization: Bearer {token}`, JSON `{ messaging_product:
 *   'whatsapp', to, type: 'template', template: { name, language: { code }, components } }`;
 * - a wrong token → 401 `{ error: { message, type: 'OAuthException', code: 190 } }`; another
 *   phone number id → 400; no template → 400 (code 100, as the API answers a bad parameter);
 * - success → 200 `{ messaging_product: 'whatsapp', contacts: [{ input, wa_id }], messages: [{ id }] }`.
 */
export interface WhatsAppRequest {
  to: string;
  template: string;
  language: string;
  params: string[];
  messageId: string | null;
  status: number;
}

export interface WhatsAppFake {
  url: string;
  token: string;
  phoneNumberId: string;
  requests: WhatsAppRequest[];
  sent(): WhatsAppRequest[];
  close(): Promise<void>;
}

export async function startWhatsAppFake(
  token = 'EAAGtestToken0123456789',
  phoneNumberId = '106540352242922',
): Promise<WhatsAppFake> {
  const requests: WhatsAppRequest[] = [];
  let next = 1;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string, code: number) =>
        answer(status, { error: { message, type: 'OAuthException', code } });
      if (req.method !== 'POST' || !req.url?.endsWith('/messages'))
        return error(404, 'Unknown path', 100);
      if (req.headers.authorization !== `Bearer ${token}`)
        return error(401, 'Invalid OAuth access token.', 190);
      if (req.url !== `/${phoneNumberId}/messages`)
        return error(400, 'Unsupported post request.', 100);
      let body: {
        messaging_product?: string;
        to?: string;
        type?: string;
        template?: {
          name?: string;
          language?: { code?: string };
          components?: { type: string; parameters?: { type: string; text?: string }[] }[];
        };
      };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return error(400, 'Invalid JSON', 100);
      }
      const record: WhatsAppRequest = {
        to: body.to ?? '',
        template: body.template?.name ?? '',
        language: body.template?.language?.code ?? '',
        params: (body.template?.components ?? [])
          .filter((c) => c.type === 'body')
          .flatMap((c) => c.parameters ?? [])
          .map((p) => p.text ?? ''),
        messageId: null,
        status: 200,
      };
      requests.push(record);
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'template' ||
        !record.template ||
        !record.language
      ) {
        record.status = 400;
        return error(400, '(#100) Invalid parameter', 100);
      }
      if (!/^\d{10,15}$/.test(record.to)) {
        record.status = 400;
        return error(400, '(#100) Invalid parameter: to', 100);
      }
      record.messageId = `wamid.TEST${String(next++).padStart(8, '0')}`;
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: record.to, wa_id: record.to }],
        messages: [{ id: record.messageId }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    phoneNumberId,
    requests,
    sent: () => requests.filter((r) => r.status === 200),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
