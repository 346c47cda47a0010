import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { AppleWalletConfig, GoogleWalletConfig, TlsFiles } from './config.ts';

/**
 * The variables that name files (TLS, Apple and Google Wallet) and the pairs that go
 * together, checked for config.ts at start: each file readable, each certificate a
 * certificate and each key the certificate's, so a deploy fails at once and not at the
 * first phone's or buyer's request. Each answers the problems it found, all at once.
 */

/** Two variables that only work together: one set without the other is a mistake. */
export function bothOrNeither(
  env: Record<string, string | undefined>,
  a: string,
  b: string,
  what: string,
): string[] {
  if ((env[a] === undefined) === (env[b] === undefined)) return [];
  const [set, unset] = env[a] === undefined ? [b, a] : [a, b];
  return [`${unset}: must be set with ${set} (both or neither: ${what} only with both)`];
}

function readFile(name: string, file: string, problems: string[]): string | undefined {
  return readBytes(name, file, problems)?.toString('utf8');
}

/** A file a variable names, or undefined with the reason in `problems`. */
function readBytes(name: string, file: string, problems: string[]): Buffer | undefined {
  try {
    return fs.readFileSync(path.resolve(file));
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    problems.push(`${name}: cannot read ${path.resolve(file)} (${reason})`);
    return undefined;
  }
}

const APPLE_VARIABLES = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_TEAM_ID',
  'APPLE_PASS_CERT_FILE',
  'APPLE_PASS_KEY_FILE',
  'APPLE_WWDR_CERT_FILE',
] as const;

/**
 * The Apple Wallet variables: all five or none; the files readable, the certificates PEM,
 * the key the pass certificate's (checked at start, not at the first buyer's tap).
 */
export function readAppleWallet(env: Record<string, string | undefined>): {
  files?: Pick<AppleWalletConfig, 'certPem' | 'keyPem' | 'wwdrPem'>;
  problems: string[];
} {
  const set = APPLE_VARIABLES.filter((name) => env[name] !== undefined);
  if (set.length === 0) return { problems: [] };
  if (set.length < APPLE_VARIABLES.length) {
    const missing = APPLE_VARIABLES.filter((name) => env[name] === undefined);
    return {
      problems: missing.map(
        (name) =>
          `${name}: must be set with ${set.join(', ')} (Apple Wallet needs all five or none)`,
      ),
    };
  }
  const problems: string[] = [];
  const certPem = readFile('APPLE_PASS_CERT_FILE', env.APPLE_PASS_CERT_FILE!, problems);
  const keyPem = readFile('APPLE_PASS_KEY_FILE', env.APPLE_PASS_KEY_FILE!, problems);
  const wwdrPem = readFile('APPLE_WWDR_CERT_FILE', env.APPLE_WWDR_CERT_FILE!, problems);
  if (!certPem || !keyPem || !wwdrPem) return { problems };
  let cert: X509Certificate | undefined;
  let key: KeyObject | undefined;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    problems.push('APPLE_PASS_CERT_FILE: is not a PEM certificate');
  }
  try {
    new X509Certificate(wwdrPem);
  } catch {
    problems.push('APPLE_WWDR_CERT_FILE: is not a PEM certificate');
  }
  try {
    key = createPrivateKey(keyPem);
  } catch {
    problems.push('APPLE_PASS_KEY_FILE: is not a PEM private key (without a passphrase)');
  }
  if (cert && key && !cert.checkPrivateKey(key)) {
    problems.push(
      'APPLE_PASS_KEY_FILE: is not the private key of the APPLE_PASS_CERT_FILE certificate',
    );
  }
  return problems.length ? { problems } : { files: { certPem, keyPem, wwdrPem }, problems };
}

/** GOOGLE_WALLET_ISSUER_ID with a service account's JSON key file, or neither. */
export function readGoogleWallet(env: Record<string, string | undefined>): {
  account?: Pick<GoogleWalletConfig, 'clientEmail' | 'privateKeyPem'>;
  problems: string[];
} {
  const file = env.GOOGLE_WALLET_SERVICE_ACCOUNT_FILE;
  const pair = bothOrNeither(
    env,
    'GOOGLE_WALLET_ISSUER_ID',
    'GOOGLE_WALLET_SERVICE_ACCOUNT_FILE',
    'Google Wallet passes are signed',
  );
  if (pair.length) return { problems: pair };
  if (file === undefined) return { problems: [] };
  const problems: string[] = [];
  const text = readFile('GOOGLE_WALLET_SERVICE_ACCOUNT_FILE', file, problems);
  if (text === undefined) return { problems };
  const bad = `GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: ${path.resolve(file)} is not a service account's JSON key (with client_email and private_key)`;
  try {
    const json = JSON.parse(text) as { client_email?: unknown; private_key?: unknown };
    if (typeof json.client_email !== 'string' || typeof json.private_key !== 'string')
      return { problems: [bad] };
    createPrivateKey(json.private_key);
    return {
      account: { clientEmail: json.client_email, privateKeyPem: json.private_key },
      problems,
    };
  } catch {
    return { problems: [bad] };
  }
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE: both or neither; each file readable; together a
 * certificate and the key that matches it (checked now, not at the first phone's request).
 */
export function readTlsFiles(
  certFile: string | undefined,
  keyFile: string | undefined,
): { tls?: TlsFiles; problems: string[] } {
  if (certFile === undefined && keyFile === undefined) return { problems: [] };
  if (certFile === undefined)
    return { problems: ['TLS_CERT_FILE: must be set with TLS_KEY_FILE (both or neither)'] };
  if (keyFile === undefined)
    return { problems: ['TLS_KEY_FILE: must be set with TLS_CERT_FILE (both or neither)'] };
  const problems: string[] = [];
  const cert = readBytes('TLS_CERT_FILE', certFile, problems);
  const key = readBytes('TLS_KEY_FILE', keyFile, problems);
  if (!cert || !key) return { problems };
  let certificate: X509Certificate | undefined;
  let privateKey: KeyObject | undefined;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    problems.push(`TLS_CERT_FILE: ${path.resolve(certFile)} is not a PEM certificate`);
  }
  try {
    privateKey = createPrivateKey(key);
  } catch {
    problems.push(
      `TLS_KEY_FILE: ${path.resolve(keyFile)} is not a PEM private key (without a passphrase)`,
    );
  }
  if (certificate && privateKey && !certificate.checkPrivateKey(privateKey)) {
    problems.push(`TLS_KEY_FILE: is not the private key of the certificate in TLS_CERT_FILE`);
  }
  if (problems.length) return { problems };
  return {
    tls: { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile), cert, key },
    problems: [],
  };
}
