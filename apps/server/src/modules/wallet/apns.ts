import http2 from 'node:http2';
import type { AppleWalletConfig } from '../../config.ts';

export type PushResult = 'sent' | 'gone' | { error: string };

/**
 * Apple's push service for passes: `POST /3/device/{pushToken}` over HTTP/2, body `{}`,
 * `apns-topic` the Pass Type ID, authenticated by the pass certificate as the TLS client
 * certificate. A 410 (the device unregistered) ends that registration; anything but 200
 * is retried later. One connection per sweep, closed after it.
 */
export class ApnsClient {
  constructor(private readonly apple: AppleWalletConfig) {}

  async pushAll(tokens: string[]): Promise<Map<string, PushResult>> {
    const results = new Map<string, PushResult>();
    if (tokens.length === 0) return results;
    let session: http2.ClientHttp2Session;
    try {
      session = http2.connect(this.apple.apnsUrl, {
        cert: this.apple.certPem,
        key: this.apple.keyPem,
        ...(this.apple.apnsCa ? { ca: this.apple.apnsCa } : {}),
      });
    } catch (err) {
      for (const t of tokens) results.set(t, { error: (err as Error).message });
      return results;
    }
    const failed = new Promise<string>((resolve) =>
      session.on('error', (e: Error) => resolve(e.message)),
    );
    try {
      await Promise.all(
        tokens.map(async (token) => {
          const result = await Promise.race([
            this.push(session, token),
            failed.then((error) => ({ error })),
          ]);
          results.set(token, result);
        }),
      );
    } finally {
      session.close();
    }
    return results;
  }

  private push(session: http2.ClientHttp2Session, token: string): Promise<PushResult> {
    return new Promise((resolve) => {
      const req = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(token)}`,
        'apns-topic': this.apple.passTypeId,
        'content-type': 'application/json',
      });
      req.setTimeout(10_000, () => req.close(http2.constants.NGHTTP2_CANCEL));
      let status = 0;
      let body = '';
      req.on('response', (headers) => (status = Number(headers[':status'])));
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        if (status === 200) resolve('sent');
        else if (status === 410) resolve('gone');
        else
          resolve({ error: `APNs answered ${status || 'nothing'} ${body.slice(0, 200)}`.trim() });
      });
      req.on('error', (err) => resolve({ error: err.message }));
      req.end('{}');
    });
  }
}
