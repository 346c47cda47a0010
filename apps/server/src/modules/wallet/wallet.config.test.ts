import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletKeys, type WalletKeys } from '../../../test/wallet-stand-ins.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { redactUrl } from '../../plugins/logger.ts';
import { ApnsClient } from './apns.ts';

let keys: WalletKeys;
beforeAll(() => {
  keys = walletKeys();
});
afterAll(() => keys?.remove());

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected the configuration to be refused');
}

const apple = () => ({
  APPLE_PASS_TYPE_ID: 'pass.test.gatepass.tickets',
  APPLE_TEAM_ID: 'ABCDE12345',
  APPLE_PASS_CERT_FILE: keys.files.cert,
  APPLE_PASS_KEY_FILE: keys.files.key,
  APPLE_WWDR_CERT_FILE: keys.files.wwdr,
});

describe('wallet configuration', () => {
  it('is off without the variables, and the service URLs default to Apple and Google', () => {
    const config = loadConfig({});
    expect(config.appleWallet).toBeUndefined();
    expect(config.googleWallet).toBeUndefined();
    const on = loadConfig({
      ...apple(),
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: keys.google.file,
    });
    expect(on.appleWallet).toMatchObject({
      passTypeId: 'pass.test.gatepass.tickets',
      teamId: 'ABCDE12345',
      apnsUrl: 'https://api.push.apple.com',
    });
    expect(on.appleWallet!.certPem).toContain('BEGIN CERTIFICATE');
    expect(on.googleWallet).toMatchObject({
      issuerId: '3388000000012345678',
      clientEmail: keys.google.clientEmail,
      apiUrl: 'https://walletobjects.googleapis.com/walletobjects/v1',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
  });

  it('wants all five Apple variables or none, and lists each missing one', () => {
    const { APPLE_TEAM_ID: _team, APPLE_WWDR_CERT_FILE: _wwdr, ...some } = apple();
    const problems = problemsOf(some);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^APPLE_TEAM_ID: must be set with .*all five or none/);
    expect(problems[1]).toMatch(/^APPLE_WWDR_CERT_FILE: must be set/);
  });

  it('refuses unreadable files, a key of another certificate, and bad ids, all at once', () => {
    const other = path.join(keys.dir, 'other.key');
    fs.writeFileSync(other, keys.google.keyPem);
    const problems = problemsOf({
      ...apple(),
      APPLE_TEAM_ID: 'abc',
      APPLE_PASS_KEY_FILE: other,
      APPLE_WWDR_CERT_FILE: path.join(keys.dir, 'missing.pem'),
    });
    expect(problems.some((p) => /^APPLE_TEAM_ID: must be the 10-character/.test(p))).toBe(true);
    expect(problems.some((p) => /^APPLE_WWDR_CERT_FILE: cannot read .*ENOENT/.test(p))).toBe(true);
    const mismatch = problemsOf({ ...apple(), APPLE_PASS_KEY_FILE: other });
    expect(mismatch).toEqual([
      'APPLE_PASS_KEY_FILE: is not the private key of the APPLE_PASS_CERT_FILE certificate',
    ]);
    expect(problemsOf({ ...apple(), APPLE_WWDR_CERT_FILE: other })).toEqual([
      'APPLE_WWDR_CERT_FILE: is not a PEM certificate',
    ]);
  });

  it('wants the Google issuer with a service account key file, and checks the file', () => {
    expect(problemsOf({ GOOGLE_WALLET_ISSUER_ID: '123' })[0]).toMatch(
      /^GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: must be set with GOOGLE_WALLET_ISSUER_ID/,
    );
    expect(problemsOf({ GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: keys.google.file })[0]).toMatch(
      /^GOOGLE_WALLET_ISSUER_ID: must be set/,
    );
    expect(
      problemsOf({
        GOOGLE_WALLET_ISSUER_ID: '123',
        GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: keys.files.cert,
      })[0],
    ).toMatch(/is not a service account's JSON key/);
    expect(
      problemsOf({
        GOOGLE_WALLET_ISSUER_ID: 'issuer',
        GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: keys.google.file,
      })[0],
    ).toMatch(/^GOOGLE_WALLET_ISSUER_ID: must be the numeric/);
    expect(problemsOf({ APPLE_APNS_URL: 'push.apple.com' })[0]).toMatch(/^APPLE_APNS_URL: /);
  });
});

describe('logs', () => {
  it("keep a ticket link's signature out of request URLs (the wallet downloads hang below it)", () => {
    expect(redactUrl('/t/12345678-AbCdEf_-1234/pass.pkpass')).toBe(
      '/t/12345678-[redacted]/pass.pkpass',
    );
    expect(redactUrl('/t/12345678-AbCdEf_-1234/google')).toBe('/t/12345678-[redacted]/google');
  });
});

describe('the APNs client', () => {
  it('reports an unreachable push service as an error to retry, without throwing', async () => {
    const config = loadConfig(apple());
    const client = new ApnsClient({ ...config.appleWallet!, apnsUrl: 'https://127.0.0.1:9' });
    const results = await client.pushAll(['token-a', 'token-b']);
    expect([...results.keys()].sort()).toEqual(['token-a', 'token-b']);
    for (const result of results.values())
      expect(result).toMatchObject({ error: expect.any(String) });
  });
});
