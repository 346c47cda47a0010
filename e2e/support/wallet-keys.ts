import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Throwaway signing material for a server with the wallet variables: a test CA (standing
 * in for Apple's WWDR), a pass certificate and key it issued, and a Google service
 * account's JSON key file. Apple and Google are never reached.
 */
export function walletEnv(): { env: Record<string, string>; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-e2e-wallet-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-subj',
    '/CN=Test WWDR',
    '-days',
    '2',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('pass.key'),
    '-out',
    file('pass.csr'),
    '-subj',
    '/CN=Pass Type ID: pass.test.gatepass.e2e',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('pass.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('pass.pem'),
    '-days',
    '2',
  );
  openssl(
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-out',
    file('google.key'),
  );
  fs.writeFileSync(
    file('service-account.json'),
    JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@gatepass-e2e.iam.gserviceaccount.com',
      private_key: fs.readFileSync(file('google.key'), 'utf8'),
    }),
  );
  return {
    env: {
      APPLE_PASS_TYPE_ID: 'pass.test.gatepass.e2e',
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_PASS_CERT_FILE: file('pass.pem'),
      APPLE_PASS_KEY_FILE: file('pass.key'),
      APPLE_WWDR_CERT_FILE: file('ca.pem'),
      // No pushes in this spec: nothing changes after the pass is issued.
      APPLE_APNS_URL: 'https://127.0.0.1:9',
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: file('service-account.json'),
      GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9/walletobjects/v1',
      GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9/token',
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
