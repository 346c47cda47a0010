import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { bothOrNeither, readAppleWallet, readGoogleWallet, readTlsFiles } from './config.files.ts';
import type { MessageCapsConfig } from './modules/mail/mail.caps.ts';

/**
 * The only place that reads the environment (DESIGN §4). Everything else receives a
 * `Config`. Empty strings count as unset so `FOO= npm start` behaves like no FOO.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the Paystack client points in sandbox mode: answered in-process, never the network. */
export const SANDBOX_BASE_URL = 'http://paystack-sandbox.invalid';
// src/ in development, dist/ when built: both sit two levels under the repository root.
const repoRoot = path.resolve(here, '../../..');

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')} (e.g. ${example})`,
    });

/**
 * Waits between a webhook's attempts (decision 072): ten attempts over a little more than a
 * day, so a delivery failing all day is still being tried when its endpoint is paused.
 */
const WEBHOOK_RETRY_DEFAULT = '60,300,900,1800,3600,7200,14400,28800,30000';

const booleanish = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** The names @fastify/proxy-addr knows for whole private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `1.2.3.4`, `10.0.0.0/8`, `fd00::/8`, or one of the range names. */
function proxyAddressValid(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (decision 056): which hops in front of the app may say who the client is.
 * Unset / `false` / `0`: none (the socket's address). A number of hops (`1`: one balancer),
 * or a comma-separated list of the proxies' addresses and CIDRs. `true` once meant "trust
 * every hop" — the client's own leftmost X-Forwarded-For entry — and now means one hop.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (v === undefined || v === 'false' || v === '0') return false;
    if (v === 'true') return 1;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
    }
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !proxyAddressValid(e));
    if (bad.length === 0 && entries.length > 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxy hops in front of the app (1 for one load balancer, at most 10), or the proxies' addresses or CIDRs separated by commas (e.g. 10.0.0.0/8,127.0.0.1); not understood: ${bad.join(', ') || v}`,
    });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'postgres://user@127.0.0.1:5432/gatepass'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  REDIS_URL: optionalUrl(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
  SMTP_URL: optionalUrl(['smtp', 'smtps'], 'smtp://user:pass@mail.example.com:587'),
  MAIL_FROM: z.string().default('Gatepass <no-reply@gatepass.local>'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  WEB_DIST_DIR: z.string().optional(),
  MAIL_RETRY_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  ORDER_HOLD_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  TICKET_RENDER_THREADS: z.coerce.number().int().min(0).max(32).default(1),
  WAITLIST_OFFER_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 86_400)
    .default(12 * 3600),
  ORDER_TRANSFERS_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  TRACKING_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  MEDIA_UNUSED_GRACE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  MEDIA_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).default(3_600_000),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, 'must be a Paystack secret key (sk_test_… or sk_live_…)')
    .optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  PAYMENTS_TEST_MODE: booleanish,
  PAYSTACK_SANDBOX: booleanish,
  TERMII_API_KEY: z.string().optional(),
  TERMII_SENDER_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 .-]{1,9}[A-Za-z0-9]$/,
      'must be the sender ID registered with Termii (3 to 11 letters or digits, e.g. Gatepass)',
    )
    .optional(),
  TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
  TERMII_CHANNEL: z.enum(['generic', 'dnd']).default('generic'),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the WhatsApp Business phone number ID (digits)')
    .optional(),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2}(_[A-Z]{2})?$/)
    .default('en'),
  REMINDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).default(60_000),
  UNSAFE_DISABLE_CAPACITY_GUARD: booleanish,
  EXPORT_BATCH_SIZE: z.coerce.number().int().min(10).max(10_000).default(1000),
  SEED_ALLOW: booleanish,
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  WAITING_ROOM_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')
    .optional(),
  WAITING_ROOM_POW_WORK: z.coerce.number().int().min(2).max(10_000_000).default(30_000),
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[\w.-]+$/, 'must be a Pass Type ID (pass.com.example.tickets)')
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team ID')
    .optional(),
  APPLE_PASS_CERT_FILE: z.string().optional(),
  APPLE_PASS_KEY_FILE: z.string().optional(),
  APPLE_WWDR_CERT_FILE: z.string().optional(),
  APPLE_APNS_URL: z.url().default('https://api.push.apple.com'),
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d+$/, 'must be the numeric Google Wallet issuer ID')
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: z.string().optional(),
  GOOGLE_WALLET_API_URL: z.url().default('https://walletobjects.googleapis.com/walletobjects/v1'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  WALLET_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  MESSAGE_CAP_EMAIL_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  MESSAGE_CAP_EMAIL_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(50),
  MESSAGE_CAP_PHONE_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  MESSAGE_CAP_PHONE_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  SMS_NEW_NUMBERS_PER_EVENT_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(100),
  SMS_NEW_NUMBERS_PER_ORGANISER_PER_HOUR: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(300),
  WEBHOOKS_ALLOW_LOOPBACK: booleanish,
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be whole seconds separated by commas (e.g. 60,300,900)')
    .default(WEBHOOK_RETRY_DEFAULT)
    .transform((v) => v.split(',').map(Number)),
  WEBHOOK_PAUSE_AFTER_SECONDS: z.coerce.number().int().min(1).default(86_400),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});

/** The variables read, by name (README's configuration table lists each one). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  /** Webhooks (issue 26 §3, decision 072). */
  webhooks: {
    /** TEST ONLY: 127.0.0.0/8 and ::1 (and http://) may receive, for local receivers. */
    allowLoopback: boolean;
    retrySeconds: number[];
    pauseAfterSeconds: number;
    timeoutMs: number;
  };
  port: number;
  host: string;
  /**
   * Connections the kernel may queue for the process to accept (decision 116); the kernel
   * caps it at `net.core.somaxconn`.
   */
  listenBacklog: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections each process keeps open at most (decision 111); PGlite has one. */
  databasePoolSize: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * Which proxies may name the client (X-Forwarded-For): false (none), a hop count, or
   * their addresses/CIDRs. Never "all": the leftmost entry is the client's own writing.
   */
  trustProxy: false | number | string[];
  /**
   * The pre-queue's proof of work (decision 055): the browser tries up to this many SHA-256
   * (between half and all of it; about a second on a mid-range phone at the default).
   */
  waitingRoomPowWork: number;
  webDistDir: string;
  mailRetryIntervalMs: number;
  /** How long a pending order holds its tickets (15 minutes). */
  orderHoldSeconds: number;
  /** How often expired holds are released. */
  holdSweepIntervalMs: number;
  /**
   * Worker threads that render ticket files (PDF, QR, barcode) off the event loop; 0 renders
   * in the main thread (decision 093).
   */
  ticketRenderThreads: number;
  /** How long a waiting-list offer holds its tickets (decision 032). */
  waitlistOfferSeconds: number;
  /** How often one order may be transferred in 24 hours, by its buyer or the organiser (decision 050). */
  orderTransfersPerDay: number;
  /** Requests one API token may make a minute (decision 070). */
  apiTokenRequestsPerMinute: number;
  /** How often counted page views are saved to their aggregate rows (decision 071). */
  trackingFlushIntervalMs: number;
  /** How old an image no event or organiser uses must be before it is deleted. */
  mediaUnusedGraceHours: number;
  /** How often unused images are looked for. */
  mediaSweepIntervalMs: number;
  /** Enables Paystack; unset, checkout offers the TEST provider and offline payment only. */
  paystackSecretKey: string | undefined;
  /** Paystack's API (tests point it at a local stand-in). */
  paystackBaseUrl: string;
  /**
   * The demo's in-process Paystack sandbox (PAYSTACK_SANDBOX=true, decision 058): only in
   * test mode and with no PAYSTACK_SECRET_KEY; `paystackSecretKey` is then the sandbox's own
   * key, made at start, and no request leaves the process.
   */
  paystackSandbox: boolean;
  /**
   * The built-in TEST provider (pays without money) is offered, and every page says "Test
   * mode — no real money". Off unless PAYMENTS_TEST_MODE=true; refused with a live
   * Paystack key (decision 023).
   */
  paymentsTestMode: boolean;
  /**
   * TEST ONLY: holds tickets with a naive read-then-write that oversells under concurrency.
   * Used by apps/server/test/oversell.test.ts to prove its assertions can fail. Never set it.
   */
  unsafeDisableCapacityGuard: boolean;
  /**
   * SMS through Termii (decision 041): the API key and the registered sender ID, both or
   * neither. Unset: each SMS's text is written to the log.
   */
  termii:
    { apiKey: string; senderId: string; baseUrl: string; channel: 'generic' | 'dnd' } | undefined;
  /**
   * WhatsApp Business Cloud API (decision 083): the access token and the business phone
   * number's id, both or neither; template messages in `language`. Unset: WhatsApp rows are
   * logged, and the organiser's screen says what to set.
   */
  whatsapp: { token: string; phoneNumberId: string; apiUrl: string; language: string } | undefined;
  /** How often the reminders' job looks for events starting within a day (decision 082). */
  reminderSweepIntervalMs: number;
  /** Rows per query of a streamed CSV export. */
  exportBatchSize: number;
  /** `npm run seed` may write demo data into a PostgreSQL server (DATABASE_URL); the app ignores it. */
  seedAllow: boolean;
  /**
   * Serve HTTPS (HTTP/2, HTTP/1.1 allowed) on PORT with this certificate chain and key, read
   * at start; undefined serves plain HTTP (behind a TLS proxy, or locally).
   */
  tls: TlsFiles | undefined;
  /**
   * The key that signs waiting-room admission passes; unset, one is made at first use and
   * kept in the database, so every process on it signs alike (decision 034).
   */
  waitingRoomSecret: string | undefined;
  /** "Add to Apple Wallet": all five APPLE_ variables, or undefined (no button). */
  appleWallet: AppleWalletConfig | undefined;
  /** "Save to Google Wallet": the issuer and its service account, or undefined (no button). */
  googleWallet: GoogleWalletConfig | undefined;
  /** How often changed wallet passes are looked for and pushed. */
  walletSweepIntervalMs: number;
  /**
   * Per-recipient caps on messages sent on someone else's say-so, and the hourly budget of
   * SMS to numbers an organiser has never texted (decision 052).
   */
  messageCaps: MessageCapsConfig;
}

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** The Pass Type ID certificate and its key (PEM): sign passes, and the APNs client. */
  certPem: string;
  keyPem: string;
  /** Apple's WWDR intermediate certificate (PEM), included in each signature. */
  wwdrPem: string;
  apnsUrl: string;
  /** TESTS ONLY: the CA a local APNs stand-in's certificate is issued by (no variable). */
  apnsCa?: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  clientEmail: string;
  privateKeyPem: string;
  apiUrl: string;
  tokenUrl: string;
}

export interface TlsFiles {
  certFile: string;
  keyFile: string;
  cert: Buffer;
  key: Buffer;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * The config of this process for an entry point (`npm start`, `npm run seed`): every bad
 * variable is printed and the process ends with status 1.
 */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  const tlsFiles = readTlsFiles(cleaned.TLS_CERT_FILE, cleaned.TLS_KEY_FILE);
  const apple = readAppleWallet(cleaned);
  const google = readGoogleWallet(cleaned);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...tlsFiles.problems,
    ...bothOrNeither(cleaned, 'TERMII_API_KEY', 'TERMII_SENDER_ID', 'SMS is sent through Termii'),
    ...bothOrNeither(
      cleaned,
      'WHATSAPP_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WhatsApp messages are sent through the Cloud API',
    ),
    ...apple.problems,
    ...google.problems,
  ];
  // Every bad variable at once, so a deploy is fixed in one go.
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  const tls = tlsFiles.tls;
  if (e.PAYMENTS_TEST_MODE && e.PAYSTACK_SECRET_KEY?.startsWith('sk_live_')) {
    // The TEST provider completes orders without money: next to a live key it would hand
    // out real tickets for nothing while real buyers pay for theirs.
    throw new ConfigError([
      'PAYMENTS_TEST_MODE: cannot be true with a live Paystack key (PAYSTACK_SECRET_KEY=sk_live_…): the TEST provider confirms orders without any money, so real tickets would be given away. Unset PAYMENTS_TEST_MODE, or use an sk_test_ key to try payments.',
    ]);
  }
  if (e.PAYSTACK_SANDBOX && (e.PAYSTACK_SECRET_KEY || !e.PAYMENTS_TEST_MODE)) {
    // The sandbox confirms payments no one made: never where real Paystack could take money.
    throw new ConfigError([
      e.PAYSTACK_SECRET_KEY
        ? `PAYSTACK_SANDBOX: cannot be true with PAYSTACK_SECRET_KEY set (${e.PAYSTACK_SECRET_KEY.startsWith('sk_live_') ? 'a live key: real buyers would be told they paid when they did not' : 'the sandbox stands in for Paystack; use one or the other'}). Unset PAYSTACK_SANDBOX, or unset PAYSTACK_SECRET_KEY to try the sandbox.`
        : 'PAYSTACK_SANDBOX: needs PAYMENTS_TEST_MODE=true (the sandbox moves no money, so it runs only in test mode, where every page says so).',
    ]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    listenBacklog: e.LISTEN_BACKLOG,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(
      /\/+$/,
      '',
    ),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    mailRetryIntervalMs: e.MAIL_RETRY_INTERVAL_MS,
    orderHoldSeconds: e.ORDER_HOLD_SECONDS,
    holdSweepIntervalMs: e.HOLD_SWEEP_INTERVAL_MS,
    ticketRenderThreads: e.TICKET_RENDER_THREADS,
    waitlistOfferSeconds: e.WAITLIST_OFFER_SECONDS,
    orderTransfersPerDay: e.ORDER_TRANSFERS_PER_DAY,
    apiTokenRequestsPerMinute: e.API_TOKEN_REQUESTS_PER_MINUTE,
    trackingFlushIntervalMs: e.TRACKING_FLUSH_INTERVAL_MS,
    mediaUnusedGraceHours: e.MEDIA_UNUSED_GRACE_HOURS,
    mediaSweepIntervalMs: e.MEDIA_SWEEP_INTERVAL_MS,
    paystackSecretKey: e.PAYSTACK_SANDBOX
      ? `sk_test_sandbox_${randomBytes(24).toString('hex')}`
      : e.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: e.PAYSTACK_SANDBOX
      ? SANDBOX_BASE_URL
      : e.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
    paystackSandbox: e.PAYSTACK_SANDBOX,
    paymentsTestMode: e.PAYMENTS_TEST_MODE,
    unsafeDisableCapacityGuard: e.UNSAFE_DISABLE_CAPACITY_GUARD,
    termii:
      e.TERMII_API_KEY && e.TERMII_SENDER_ID
        ? {
            apiKey: e.TERMII_API_KEY,
            senderId: e.TERMII_SENDER_ID,
            baseUrl: e.TERMII_BASE_URL.replace(/\/+$/, ''),
            channel: e.TERMII_CHANNEL,
          }
        : undefined,
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
            language: e.WHATSAPP_TEMPLATE_LANGUAGE,
          }
        : undefined,
    reminderSweepIntervalMs: e.REMINDER_SWEEP_INTERVAL_MS,
    exportBatchSize: e.EXPORT_BATCH_SIZE,
    seedAllow: e.SEED_ALLOW,
    tls,
    waitingRoomSecret: e.WAITING_ROOM_SECRET,
    waitingRoomPowWork: e.WAITING_ROOM_POW_WORK,
    appleWallet: apple.files && {
      passTypeId: e.APPLE_PASS_TYPE_ID!,
      teamId: e.APPLE_TEAM_ID!,
      ...apple.files,
      apnsUrl: e.APPLE_APNS_URL.replace(/\/+$/, ''),
    },
    googleWallet: google.account && {
      issuerId: e.GOOGLE_WALLET_ISSUER_ID!,
      ...google.account,
      apiUrl: e.GOOGLE_WALLET_API_URL.replace(/\/+$/, ''),
      tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
    },
    walletSweepIntervalMs: e.WALLET_SWEEP_INTERVAL_MS,
    webhooks: {
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
      retrySeconds: e.WEBHOOK_RETRY_SECONDS,
      pauseAfterSeconds: e.WEBHOOK_PAUSE_AFTER_SECONDS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    messageCaps: {
      emailPerHour: e.MESSAGE_CAP_EMAIL_PER_HOUR,
      emailPerDay: e.MESSAGE_CAP_EMAIL_PER_DAY,
      phonePerHour: e.MESSAGE_CAP_PHONE_PER_HOUR,
      phonePerDay: e.MESSAGE_CAP_PHONE_PER_DAY,
      smsNewNumbersPerEventPerHour: e.SMS_NEW_NUMBERS_PER_EVENT_PER_HOUR,
      smsNewNumbersPerOrganiserPerHour: e.SMS_NEW_NUMBERS_PER_ORGANISER_PER_HOUR,
    },
  };
}
