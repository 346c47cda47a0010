import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig, type Config } from '../src/config.ts';
import { testEngine } from './helper.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected the configuration to be refused');
}

/** The message caps' variables (decision 052), their Config key and default. */
const MESSAGE_CAP_VARIABLES: Record<string, [keyof Config['messageCaps'], number]> = {
  MESSAGE_CAP_EMAIL_PER_HOUR: ['emailPerHour', 20],
  MESSAGE_CAP_EMAIL_PER_DAY: ['emailPerDay', 50],
  MESSAGE_CAP_PHONE_PER_HOUR: ['phonePerHour', 10],
  MESSAGE_CAP_PHONE_PER_DAY: ['phonePerDay', 20],
  SMS_NEW_NUMBERS_PER_EVENT_PER_HOUR: ['smsNewNumbersPerEventPerHour', 100],
  SMS_NEW_NUMBERS_PER_ORGANISER_PER_HOUR: ['smsNewNumbersPerOrganiserPerHour', 300],
};

describe('configuration from the environment', () => {
  it('starts from the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/gatepass',
      DATABASE_URL: 'postgres://app@db:5432/gatepass',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Tickets <tickets@example.com>',
      PUBLIC_URL: 'https://tickets.example.com/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('var/gatepass'),
      databaseUrl: 'postgres://app@db:5432/gatepass',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Tickets <tickets@example.com>',
      // A trailing slash would double up in mailed links.
      publicUrl: 'https://tickets.example.com',
    });
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', REDIS_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('lists every bad variable at once, each by name', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'http://cache',
      SMTP_URL: 'mail.example.com',
      PUBLIC_URL: 'not a url',
      LOG_LEVEL: 'loud',
    });
    const variables = problems.map((p) => p.split(':')[0]);
    expect(variables.sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'PUBLIC_URL',
      'REDIS_URL',
      'SMTP_URL',
    ]);
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toMatch(/postgres:\/\//);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' }).map((p) => p.split(':')[0])).toEqual(['PORT']);
    expect(problemsOf({ PORT: '-1' }).map((p) => p.split(':')[0])).toEqual(['PORT']);
  });

  /**
   * Every variable in README's configuration table (and SEED_ALLOW, the seed's): its default,
   * a valid value as read, and, where a value can be wrong, a refusal that names the
   * variable and says what it wants.
   */
  const variables: {
    name: string;
    key: keyof Config;
    default: unknown;
    valid: [string, unknown];
    invalid?: [string, RegExp];
  }[] = [
    { name: 'HOST', key: 'host', default: '0.0.0.0', valid: ['127.0.0.1', '127.0.0.1'] },
    // API tokens and tracking links (issue 26 §2, §4), documented in README's table.
    {
      name: 'API_TOKEN_REQUESTS_PER_MINUTE',
      key: 'apiTokenRequestsPerMinute',
      default: 120,
      valid: ['600', 600],
    },
    // PostgreSQL connections per process (decision 111).
    {
      name: 'DATABASE_POOL_SIZE',
      key: 'databasePoolSize',
      default: 10,
      valid: ['4', 4],
      invalid: ['0', /DATABASE_POOL_SIZE/],
    },
    // The kernel's queue of connections to accept (decision 116).
    {
      name: 'LISTEN_BACKLOG',
      key: 'listenBacklog',
      default: 4096,
      valid: ['8192', 8192],
      invalid: ['0', /LISTEN_BACKLOG/],
    },
    // Ticket files on worker threads (decision 093); 0 renders in the main thread.
    {
      name: 'TICKET_RENDER_THREADS',
      key: 'ticketRenderThreads',
      default: 1,
      valid: ['0', 0],
      invalid: ['-1', /TICKET_RENDER_THREADS/],
    },
    {
      name: 'TRACKING_FLUSH_INTERVAL_MS',
      key: 'trackingFlushIntervalMs',
      default: 5000,
      valid: ['1000', 1000],
    },
    {
      name: 'MAIL_FROM',
      key: 'mailFrom',
      default: 'Gatepass <no-reply@gatepass.local>',
      valid: ['Tickets <t@example.com>', 'Tickets <t@example.com>'],
    },
    {
      name: 'TRUST_PROXY',
      key: 'trustProxy',
      default: false,
      valid: ['2', 2],
      invalid: ['yes', /number of proxy hops.*not understood: yes/],
    },
    {
      name: 'WEB_DIST_DIR',
      key: 'webDistDir',
      default: path.resolve(serverDir, '../web/dist'),
      valid: ['public', path.resolve('public')],
    },
    {
      name: 'MAIL_RETRY_INTERVAL_MS',
      key: 'mailRetryIntervalMs',
      default: 5000,
      valid: ['250', 250],
      invalid: ['10', />=50/],
    },
    {
      name: 'ORDER_HOLD_SECONDS',
      key: 'orderHoldSeconds',
      default: 900,
      valid: ['600', 600],
      invalid: ['100000', /<=86400/],
    },
    {
      name: 'WAITLIST_OFFER_SECONDS',
      key: 'waitlistOfferSeconds',
      default: 43_200,
      valid: ['3600', 3600],
      invalid: ['5', />=10/],
    },
    {
      name: 'ORDER_TRANSFERS_PER_DAY',
      key: 'orderTransfersPerDay',
      default: 3,
      valid: ['5', 5],
      invalid: ['0', />=1/],
    },
    {
      name: 'HOLD_SWEEP_INTERVAL_MS',
      key: 'holdSweepIntervalMs',
      default: 5000,
      valid: ['1000', 1000],
      invalid: ['soon', /expected number/],
    },
    {
      name: 'MEDIA_UNUSED_GRACE_HOURS',
      key: 'mediaUnusedGraceHours',
      default: 24,
      valid: ['48', 48],
      invalid: ['1000', /<=720/],
    },
    {
      name: 'MEDIA_SWEEP_INTERVAL_MS',
      key: 'mediaSweepIntervalMs',
      default: 3_600_000,
      valid: ['60000', 60_000],
      invalid: ['hourly', /expected number/],
    },
    {
      name: 'EXPORT_BATCH_SIZE',
      key: 'exportBatchSize',
      default: 1000,
      valid: ['500', 500],
      invalid: ['5', />=10/],
    },
    {
      name: 'PAYSTACK_SECRET_KEY',
      key: 'paystackSecretKey',
      default: undefined,
      valid: ['sk_test_abc123', 'sk_test_abc123'],
      invalid: ['pk_test_abc123', /Paystack secret key \(sk_test_… or sk_live_…\)/],
    },
    {
      name: 'PAYSTACK_BASE_URL',
      key: 'paystackBaseUrl',
      default: 'https://api.paystack.co',
      // A trailing slash would double up in request paths.
      valid: ['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
      invalid: ['api.paystack.co', /URL/],
    },
    {
      name: 'UNSAFE_DISABLE_CAPACITY_GUARD',
      key: 'unsafeDisableCapacityGuard',
      default: false,
      valid: ['1', true],
      invalid: ['on', /expected one of .*"1".*"true"/],
    },
    {
      name: 'PAYMENTS_TEST_MODE',
      key: 'paymentsTestMode',
      default: false,
      valid: ['true', true],
      invalid: ['yes', /expected one of .*"1".*"true"/],
    },
    {
      name: 'SEED_ALLOW',
      key: 'seedAllow',
      default: false,
      valid: ['1', true],
      invalid: ['please', /expected one of .*"1".*"true"/],
    },
    {
      name: 'WAITING_ROOM_SECRET',
      key: 'waitingRoomSecret',
      default: undefined,
      valid: ['k'.repeat(32), 'k'.repeat(32)],
      invalid: ['short', /at least 32 characters/],
    },
    {
      name: 'WAITING_ROOM_POW_WORK',
      key: 'waitingRoomPowWork',
      default: 30_000,
      valid: ['500', 500],
      invalid: ['1', />=2/],
    },
    {
      name: 'WALLET_SWEEP_INTERVAL_MS',
      key: 'walletSweepIntervalMs',
      default: 5000,
      valid: ['250', 250],
      invalid: ['10', /50/],
    },
  ];

  it.each(variables)('$name: documented default, a valid value, a bad one refused', (v) => {
    expect(loadConfig({})[v.key]).toEqual(v.default);
    expect(loadConfig({ [v.name]: v.valid[0] })[v.key]).toEqual(v.valid[1]);
    if (v.invalid) {
      const problems = problemsOf({ [v.name]: v.invalid[0] });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${v.name}: `));
      expect(problems[0]).toMatch(v.invalid[1]);
    }
  });

  it('reads TRUST_PROXY as hops or proxy addresses, never as "every hop" (decision 056)', () => {
    const read = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    // `true` used to trust every hop (the client's own leftmost entry): now one balancer.
    expect(read('true')).toBe(1);
    expect(read('1')).toBe(1);
    expect(read('3')).toBe(3);
    expect(read('10.0.0.0/8, 127.0.0.1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['11', '10.0.0.0/33', '10.0.0.0/8,nope', 'everything', '1.2.3', '::1/129']) {
      const problems = problemsOf({ TRUST_PROXY: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY: must be a number of proxy hops/);
    }
  });

  it.each(Object.entries(MESSAGE_CAP_VARIABLES))(
    '%s: documented default, a valid value, a bad one refused (decision 052)',
    (name, [key, fallback]) => {
      expect(loadConfig({}).messageCaps[key]).toBe(fallback);
      expect(loadConfig({ [name]: '7' }).messageCaps[key]).toBe(7);
      const problems = problemsOf({ [name]: '-1' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${name}: `));
    },
  );

  it('reads the webhook variables: defaults of a day, test values, bad ones refused (decision 072)', () => {
    const defaults = loadConfig({}).webhooks;
    expect(defaults).toEqual({
      allowLoopback: false,
      retrySeconds: [60, 300, 900, 1800, 3600, 7200, 14400, 28800, 30000],
      pauseAfterSeconds: 86_400,
      timeoutMs: 10_000,
    });
    // The schedule outlasts the pause, so a single failing delivery reaches it.
    expect(defaults.retrySeconds.reduce((a, b) => a + b, 0)).toBeGreaterThan(
      defaults.pauseAfterSeconds,
    );
    expect(
      loadConfig({
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_RETRY_SECONDS: '1,1',
        WEBHOOK_PAUSE_AFTER_SECONDS: '60',
        WEBHOOK_TIMEOUT_MS: '2000',
      }).webhooks,
    ).toEqual({
      allowLoopback: true,
      retrySeconds: [1, 1],
      pauseAfterSeconds: 60,
      timeoutMs: 2000,
    });
    for (const [name, bad] of [
      ['WEBHOOKS_ALLOW_LOOPBACK', 'yes'],
      ['WEBHOOK_RETRY_SECONDS', '1, 2'],
      ['WEBHOOK_PAUSE_AFTER_SECONDS', '0'],
      ['WEBHOOK_TIMEOUT_MS', '99999999'],
    ] as const) {
      const problems = problemsOf({ [name]: bad });
      expect(problems, name).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${name}: `));
    }
  });

  it('refuses test mode beside a live Paystack key, saying why, and allows it with a test key', () => {
    const live = { PAYMENTS_TEST_MODE: 'true', PAYSTACK_SECRET_KEY: 'sk_live_abc123' };
    const problems = problemsOf(live);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PAYMENTS_TEST_MODE: cannot be true with a live Paystack key/);
    expect(problems[0]).toContain('real tickets would be given away');
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_live_abc123' }).paymentsTestMode).toBe(false);
    expect(
      loadConfig({ PAYMENTS_TEST_MODE: 'true', PAYSTACK_SECRET_KEY: 'sk_test_abc123' })
        .paymentsTestMode,
    ).toBe(true);
  });

  it("keeps README's configuration table and the configuration in step", () => {
    const readme = fs.readFileSync(path.resolve(serverDir, '../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const documented = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    const tested = [
      'PORT',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'SMTP_URL',
      'PUBLIC_URL',
      'LOG_LEVEL',
      // Read and checked together: apps/server/test/https.test.ts.
      'TLS_CERT_FILE',
      'TLS_KEY_FILE',
      // Read together (both or neither): apps/server/src/modules/sms/sms.test.ts.
      'TERMII_API_KEY',
      'TERMII_SENDER_ID',
      'TERMII_BASE_URL',
      'TERMII_CHANNEL',
      // Read together (both or neither), and the reminders' sweep: modules/messages/messages.test.ts.
      'WHATSAPP_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_API_URL',
      'WHATSAPP_TEMPLATE_LANGUAGE',
      'REMINDER_SWEEP_INTERVAL_MS',
      // Refused beside a key and outside test mode: paystack-sandbox/paystack-sandbox.test.ts.
      'PAYSTACK_SANDBOX',
      // Read and checked together: apps/server/src/modules/wallet/wallet.config.test.ts.
      'APPLE_PASS_TYPE_ID',
      'APPLE_TEAM_ID',
      'APPLE_PASS_CERT_FILE',
      'APPLE_PASS_KEY_FILE',
      'APPLE_WWDR_CERT_FILE',
      'APPLE_APNS_URL',
      'GOOGLE_WALLET_ISSUER_ID',
      'GOOGLE_WALLET_SERVICE_ACCOUNT_FILE',
      'GOOGLE_WALLET_API_URL',
      'GOOGLE_OAUTH_TOKEN_URL',
      // Read together into messageCaps: the test below.
      ...Object.keys(MESSAGE_CAP_VARIABLES),
      // Read together into webhooks: the test above.
      'WEBHOOKS_ALLOW_LOOPBACK',
      'WEBHOOK_RETRY_SECONDS',
      'WEBHOOK_PAUSE_AFTER_SECONDS',
      'WEBHOOK_TIMEOUT_MS',
    ];
    expect(documented.sort()).toEqual([...tested, ...variables.map((v) => v.name)].sort());
    // Every variable the schema reads is in the table: a new one without a row fails here.
    expect([...ENV_VARIABLES].sort()).toEqual(documented.sort());
  });

  // One process start is enough; the database engine plays no part here.
  it.runIf(testEngine === 'pglite')(
    'makes the server exit with status 1, naming each bad variable, before it opens anything',
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH, PORT: 'abc', DATABASE_URL: 'mysql://x' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

      expect(code).toBe(1);
      expect(output).toContain('Invalid configuration');
      expect(output).toMatch(/PORT:/);
      expect(output).toMatch(/DATABASE_URL:/);
    },
  );

  it.runIf(testEngine === 'pglite')(
    'makes the server exit with status 1 when test mode meets a live Paystack key',
    { timeout: 90_000 },
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH,
          PAYMENTS_TEST_MODE: 'true',
          PAYSTACK_SECRET_KEY: 'sk_live_0123456789',
          DATA_DIR: '/nonexistent/gatepass-never-opened',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

      expect(code).toBe(1);
      expect(output).toContain('Invalid configuration');
      expect(output).toMatch(/PAYMENTS_TEST_MODE: cannot be true with a live Paystack key/);
      expect(output).not.toContain('sk_live_0123456789');
    },
  );
});
