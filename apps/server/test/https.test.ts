import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { API, startTestApp, type TestApp } from './helper.ts';

/**
 * HTTPS served by the app itself (TLS_CERT_FILE, TLS_KEY_FILE): a phone at the door gets
 * the camera only in a secure context. A self-signed certificate for localhost is made for
 * the test with openssl, and the client trusts exactly that certificate.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-tls-'));
function makeCertificate(name: string): { cert: string; key: string } {
  const cert = path.join(dir, `${name}-cert.pem`);
  const key = path.join(dir, `${name}-key.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
const first = makeCertificate('first');
const second = makeCertificate('second');
const ca = fs.readFileSync(first.cert);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected the configuration to be refused');
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('TLS configuration (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('reads both files, and the default public address becomes https://', () => {
    const config = loadConfig({ PORT: '8443', TLS_CERT_FILE: first.cert, TLS_KEY_FILE: first.key });
    expect(config.tls?.certFile).toBe(first.cert);
    expect(config.tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
    expect(config.publicUrl).toBe('https://localhost:8443');
    // Without TLS, or with a PUBLIC_URL given, nothing changes.
    expect(loadConfig({ PORT: '8443' }).publicUrl).toBe('http://localhost:8443');
    expect(loadConfig({ PORT: '8443' }).tls).toBeUndefined();
    expect(
      loadConfig({
        TLS_CERT_FILE: first.cert,
        TLS_KEY_FILE: first.key,
        PUBLIC_URL: 'https://door.example.com',
      }).publicUrl,
    ).toBe('https://door.example.com');
  });

  it('wants both or neither, naming the one missing', () => {
    expect(problemsOf({ TLS_CERT_FILE: first.cert })).toEqual([
      'TLS_KEY_FILE: must be set with TLS_CERT_FILE (both or neither)',
    ]);
    expect(problemsOf({ TLS_KEY_FILE: first.key })).toEqual([
      'TLS_CERT_FILE: must be set with TLS_KEY_FILE (both or neither)',
    ]);
  });

  it('refuses files it cannot read, or that are not a certificate and its key', () => {
    const missing = path.join(dir, 'nope.pem');
    expect(problemsOf({ TLS_CERT_FILE: missing, TLS_KEY_FILE: first.key })).toEqual([
      `TLS_CERT_FILE: cannot read ${missing} (ENOENT)`,
    ]);
    expect(problemsOf({ TLS_CERT_FILE: first.cert, TLS_KEY_FILE: dir })).toEqual([
      `TLS_KEY_FILE: cannot read ${dir} (EISDIR)`,
    ]);
    // Swapped: neither file holds what its variable names.
    const swapped = problemsOf({ TLS_CERT_FILE: first.key, TLS_KEY_FILE: first.cert });
    expect(swapped.map((p) => p.split(':')[0])).toEqual(['TLS_CERT_FILE', 'TLS_KEY_FILE']);
    expect(swapped[0]).toMatch(/is not a PEM certificate/);
    // Another certificate's key.
    expect(problemsOf({ TLS_CERT_FILE: first.cert, TLS_KEY_FILE: second.key })).toEqual([
      'TLS_KEY_FILE: is not the private key of the certificate in TLS_CERT_FILE',
    ]);
    // Listed with the other bad variables, all at once.
    const all = problemsOf({ PORT: 'abc', TLS_CERT_FILE: first.cert });
    expect(all.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'TLS_KEY_FILE']);
  });
});

describe('the server over HTTPS', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    const { tls } = loadConfig({ TLS_CERT_FILE: first.cert, TLS_KEY_FILE: first.key });
    t = await startTestApp({ tls });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /api/v1/health over HTTP/2', async () => {
    const session = http2.connect(`https://localhost:${port}`, { ca });
    try {
      const { status, body, protocol } = await new Promise<{
        status: number;
        body: string;
        protocol: string | undefined;
      }>((resolve, reject) => {
        const req = session.request({ ':path': `${API}/health` });
        let status = 0;
        let body = '';
        req.on('response', (headers) => (status = Number(headers[':status'])));
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => resolve({ status, body, protocol: session.alpnProtocol }));
        req.on('error', reject);
        req.end();
      });
      expect(protocol).toBe('h2');
      expect(status).toBe(200);
      expect(JSON.parse(body).data.status).toBe('ok');
    } finally {
      session.close();
    }
  });

  it('answers a cached public read over HTTP/2 with the headers of its miss', async () => {
    // The public cache writes a hit straight to the response (plugins/public-cache.ts);
    // HTTP/2's response takes no connection headers, and the hit must carry none.
    const session = http2.connect(`https://localhost:${port}`, { ca });
    const get = () =>
      new Promise<{ headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = session.request({ ':path': `${API}/events?probe=h2` });
        let headers: http2.IncomingHttpHeaders = {};
        let body = '';
        req.on('response', (h) => (headers = h));
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => resolve({ headers, body }));
        req.on('error', reject);
        req.end();
      });
    try {
      const miss = await get();
      const hit = await get();
      expect(miss.headers[':status']).toBe(200);
      expect(hit.headers[':status']).toBe(200);
      expect(hit.body).toBe(miss.body);
      expect(JSON.parse(hit.body).data.items).toEqual([]);
      expect(hit.headers['content-length']).toBe(String(Buffer.byteLength(hit.body)));
      expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
      expect(hit.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      session.close();
    }
  });

  it('answers HTTP/1.1 clients over TLS too', async () => {
    const reply = await new Promise<{ status: number; version: string; body: string }>(
      (resolve, reject) => {
        https
          .get(`https://localhost:${port}${API}/health`, { ca, agent: false }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, version: res.httpVersion, body }),
            );
          })
          .on('error', reject);
      },
    );
    expect(reply.version).toBe('1.1');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).data.status).toBe('ok');
  });

  it('stops promptly while browsers keep their connections open (HTTP/2 and HTTP/1.1)', async () => {
    const session = http2.connect(`https://localhost:${port}`, { ca });
    await new Promise<void>((resolve, reject) => {
      const req = session.request({ ':path': `${API}/health` });
      req.on('response', () => resolve());
      req.on('error', reject);
      req.resume();
      req.end();
    });
    const agent = new https.Agent({ keepAlive: true, ca, ALPNProtocols: ['http/1.1'] });
    await new Promise<void>((resolve, reject) => {
      https
        .get(`https://localhost:${port}${API}/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        })
        .on('error', reject);
    });
    const started = Date.now();
    await t.app.close();
    // main.ts forces an exit after 10 s; a clean stop is far quicker than that.
    expect(Date.now() - started).toBeLessThan(5_000);
    agent.destroy();
    session.destroy();
  });
});
