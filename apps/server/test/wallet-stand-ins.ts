import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import forge from 'node-forge';
import { importSPKI, jwtVerify } from 'jose';

/**
 * Apple and Google cannot be reached from these machines: the wallet tests sign with keys
 * made here, and talk to local stand-ins that follow the documented requests and answers.
 */

export interface Issued {
  certPem: string;
  keyPem: string;
  publicPem: string;
}

let serial = 1;
function rsaKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** A certificate for `cn`, self-signed (a CA) or issued by `issuer`. */
export function certificate(
  cn: string,
  options: { issuer?: Issued; ca?: boolean; hosts?: boolean } = {},
): Issued {
  const { keyPem, publicPem } = rsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  cert.serialNumber = String(100 + serial++);
  cert.validity.notBefore = new Date(Date.now() - 3_600_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: cn }]);
  const issuerCert = options.issuer ? forge.pki.certificateFromPem(options.issuer.certPem) : cert;
  cert.setIssuer(issuerCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: Boolean(options.ca) },
    ...(options.ca
      ? [{ name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true }]
      : [{ name: 'keyUsage', digitalSignature: true, keyEncipherment: true }]),
    ...(options.hosts
      ? [
          {
            name: 'subjectAltName',
            altNames: [
              { type: 2, value: 'localhost' },
              { type: 7, ip: '127.0.0.1' },
            ],
          },
          { name: 'extKeyUsage', serverAuth: true },
        ]
      : []),
  ]);
  const signingKey = forge.pki.privateKeyFromPem(options.issuer?.keyPem ?? keyPem);
  cert.sign(signingKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem, publicPem };
}

export interface WalletKeys {
  dir: string;
  root: Issued;
  wwdr: Issued;
  pass: Issued;
  apnsServer: Issued;
  google: { clientEmail: string; keyPem: string; publicPem: string; file: string };
  files: { cert: string; key: string; wwdr: string; root: string };
  remove(): void;
}

/** A throwaway CA, a "WWDR" intermediate and a pass certificate; a Google service account. */
export function walletKeys(passTypeId = 'pass.test.gatepass.tickets'): WalletKeys {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-wallet-'));
  const root = certificate('Test Root CA', { ca: true });
  const wwdr = certificate('Test WWDR Intermediate', { issuer: root, ca: true });
  const pass = certificate(`Pass Type ID: ${passTypeId}`, { issuer: wwdr });
  const apnsServer = certificate('localhost', { issuer: root, hosts: true });
  const gkey = rsaKey();
  const clientEmail = 'wallet@gatepass-test.iam.gserviceaccount.com';
  const write = (name: string, body: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, body);
    return file;
  };
  const files = {
    cert: write('pass.pem', pass.certPem),
    key: write('pass.key', pass.keyPem),
    wwdr: write('wwdr.pem', wwdr.certPem),
    root: write('root.pem', root.certPem),
  };
  const googleFile = write(
    'service-account.json',
    JSON.stringify({
      type: 'service_account',
      client_email: clientEmail,
      private_key: gkey.keyPem,
    }),
  );
  return {
    dir,
    root,
    wwdr,
    pass,
    apnsServer,
    google: { clientEmail, ...gkey, file: googleFile },
    files,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ApnsPush {
  token: string;
  topic: string | undefined;
  body: string;
  clientCn: string | undefined;
}

/**
 * APNs' provider API for passes: HTTP/2 over TLS with a client certificate, `POST
 * /3/device/{token}`, `apns-topic` the Pass Type ID, body `{}`; 200, or an error status
 * with `{reason}` (tests queue failures with `failNext`).
 */
export async function startApnsStandIn(keys: WalletKeys) {
  const pushes: ApnsPush[] = [];
  const failures: number[] = [];
  const server = http2.createSecureServer({
    cert: keys.apnsServer.certPem,
    key: keys.apnsServer.keyPem,
    ca: [keys.root.certPem, keys.wwdr.certPem],
    requestCert: true,
    rejectUnauthorized: true,
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => (body += c));
    stream.on('end', () => {
      const m = /^\/3\/device\/([^/]+)$/.exec(String(headers[':path']));
      if (headers[':method'] !== 'POST' || !m) {
        stream.respond({ ':status': 404 });
        return stream.end(JSON.stringify({ reason: 'BadPath' }));
      }
      const socket = stream.session?.socket as TLSSocket | undefined;
      const clientCn = socket?.getPeerCertificate()?.subject?.CN;
      const fail = failures.shift();
      if (fail) {
        stream.respond({ ':status': fail, 'content-type': 'application/json' });
        return stream.end(
          JSON.stringify({ reason: fail === 410 ? 'Unregistered' : 'InternalServerError' }),
        );
      }
      pushes.push({
        token: decodeURIComponent(m[1]!),
        topic: headers['apns-topic'] as string | undefined,
        body,
        clientCn: Array.isArray(clientCn) ? clientCn[0] : clientCn,
      });
      stream.respond({ ':status': 200, 'apns-id': 'test' });
      stream.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://localhost:${port}`,
    pushes,
    failNext: (status: number) => failures.push(status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface GooglePatch {
  resource: string;
  id: string;
  body: Record<string, unknown>;
  token: string | undefined;
}

/**
 * Google's OAuth token endpoint (JWT-bearer grant: the assertion is checked against the
 * service account's public key, scope and audience) and the Wallet REST API's PATCH of
 * eventTicketClass / eventTicketObject: 404 for an id never saved (`saved` lists those that
 * were), 401 without the token it handed out.
 */
export async function startGoogleStandIn(keys: WalletKeys) {
  const patches: GooglePatch[] = [];
  const saved = new Set<string>();
  const tokens: string[] = [];
  const publicKey = await importSPKI(keys.google.publicPem, 'RS256');
  let base = '';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(raw);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
          return send(400, { error: 'unsupported_grant_type' });
        try {
          const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
            issuer: keys.google.clientEmail,
            audience: `${base}/token`,
          });
          if (payload.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer')
            return send(400, { error: 'invalid_scope' });
        } catch {
          return send(400, { error: 'invalid_grant' });
        }
        const token = `ya29.test-${tokens.length + 1}`;
        tokens.push(token);
        return send(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const m = /^\/walletobjects\/v1\/(eventTicketClass|eventTicketObject)\/([^/?]+)$/.exec(
        req.url ?? '',
      );
      if (req.method === 'PATCH' && m) {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!token || !tokens.includes(token)) return send(401, { error: { code: 401 } });
        const id = decodeURIComponent(m[2]!);
        patches.push({ resource: m[1]!, id, body: JSON.parse(raw || '{}'), token });
        if (!saved.has(id)) return send(404, { error: { code: 404, message: 'not found' } });
        return send(200, { id, ...JSON.parse(raw || '{}') });
      }
      send(404, { error: { code: 404 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: `${base}/walletobjects/v1`,
    tokenUrl: `${base}/token`,
    patches,
    saved,
    tokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
