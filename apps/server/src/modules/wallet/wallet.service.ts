import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { OrderStatus } from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppleWalletConfig, GoogleWalletConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { TicketOrder } from '../tickets/tickets.render.ts';
import { ApnsClient } from './apns.ts';
import { passImages, passJson, passSigner, pkpass, type PassSigner } from './apple-pass.ts';
import { GoogleWalletApi, saveUrl } from './google-pass.ts';
import { passFactsOf, type PassFacts } from './pass-facts.ts';
import type { WalletEnabled } from '../tickets/wallet-links.ts';
import * as repo from './wallet.repository.ts';
import type { WalletPassRow } from './wallet.table.ts';

/** Its key's name in `app_secrets`: derives each pass's authenticationToken. */
export const WALLET_PASS_KEY = 'wallet_pass_key';
/** Where Wallet asks for updates: `{webServiceURL}/v1/…`. */
export const APPLE_SERVICE_PATH = '/api/v1/wallet/apple';
const LEASE_SECONDS = 120;
const BATCH = 20;

export interface WalletConfig {
  publicUrl: string;
  apple: AppleWalletConfig | undefined;
  google: GoogleWalletConfig | undefined;
  sweepIntervalMs: number;
}

export interface PassFile {
  body: Buffer;
  lastModified: Date;
}

/**
 * Wallet's anonymous log endpoint (decision 056): its body, requests per client address per
 * hour, and what of it reaches the log.
 */
export const WALLET_LOG = {
  bodyBytes: 16 * 1024,
  maxLines: 50,
  perAddress: { points: 20, duration: 60 * 60 },
  linesKept: 3,
  lineChars: 200,
} as const;

/** Backoff after a failed push: 10 s, 20 s, 40 s … up to an hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 10 * 2 ** (attempts - 1));

const hashOf = (facts: PassFacts) =>
  createHash('sha256').update(JSON.stringify(facts)).digest('hex');

/**
 * Wallet passes (decisions 043–044): the signed `.pkpass` and the Google save link of a
 * ticket link, Apple's PassKit web service, and the sweeper that pushes a pass's changes
 * (cancelled, refunded, transferred away, the event moved or cancelled) to the wallets.
 */
/**
 * What the wallet reads of orders (orders' OrderReads, decision 060): the confirmed order a
 * ticket link names, and an order as its pass shows it with where it and its event stand.
 */
export interface WalletOrders {
  ticketForLink(segment: string): Promise<TicketOrder & { orderId: string }>;
  passOrder(orderId: string): Promise<
    | {
        ticket: TicketOrder;
        orderStatus: OrderStatus;
        eventStatus: 'draft' | 'published' | 'cancelled';
        code: string;
      }
    | undefined
  >;
}

export class WalletService {
  private readonly signer: PassSigner | undefined;
  private readonly apns: ApnsClient | undefined;
  private readonly googleApi: GoogleWalletApi | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly orders: WalletOrders,
    private readonly config: WalletConfig,
    private readonly key: string,
    private readonly log: FastifyBaseLogger,
    /** Counts calls of the log endpoint per client address (WALLET_LOG.perAddress). */
    private readonly logLimiter?: Limiter,
  ) {
    this.signer = config.apple && passSigner(config.apple);
    this.apns = config.apple && new ApnsClient(config.apple);
    this.googleApi = config.google && new GoogleWalletApi(config.google);
  }

  get enabled(): WalletEnabled {
    return { apple: Boolean(this.config.apple), google: Boolean(this.config.google) };
  }

  // Handing passes out --------------------------------------------------------------------

  /** The `.pkpass` of a ticket link (404 for a wrong, old or unpaid link). */
  async applePass(segment: string): Promise<PassFile> {
    if (!this.config.apple)
      throw notFound(
        'Apple Wallet passes are not offered here: this server has no Apple pass certificate.',
      );
    const { facts } = await this.issue(segment, 'apple');
    const row = (await repo.findPass(this.db, facts.serialNumber))!;
    return { body: await this.pkpassOf(facts), lastModified: row.changed_at };
  }

  /** The "Save to Google Wallet" address of a ticket link. */
  async googleSaveUrl(segment: string): Promise<string> {
    if (!this.config.google)
      throw notFound(
        'Google Wallet passes are not offered here: this server has no Google Wallet issuer.',
      );
    const { facts } = await this.issue(segment, 'google');
    return saveUrl(facts, this.config.google, new URL(this.config.publicUrl).origin);
  }

  private async issue(segment: string, kind: 'apple' | 'google') {
    const ticket = await this.orders.ticketForLink(segment);
    const holderName = `${ticket.firstName} ${ticket.lastName}`;
    const loaded = await this.load(ticket.orderId, { code: ticket.orderCode, holderName });
    if (!loaded) throw notFound('This ticket was not found.');
    await repo.recordIssued(this.db, {
      serial: loaded.facts.serialNumber,
      orderId: ticket.orderId,
      code: ticket.orderCode,
      holderName,
      contentHash: hashOf(loaded.facts),
      seenAt: loaded.stamp,
      kind,
    });
    return loaded;
  }

  /** The pass as its order and event are now, and the stamp they were read at. */
  private async load(
    orderId: string,
    issued: { code: string; holderName: string },
  ): Promise<{ facts: PassFacts; stamp: repo.Stamp } | undefined> {
    const stamp = await repo.stampOf(this.db, orderId);
    const order = await this.orders.passOrder(orderId);
    if (!order || !stamp) return undefined;
    const facts = passFactsOf(
      order.ticket,
      {
        orderId,
        orderStatus: order.orderStatus,
        eventStatus: order.eventStatus,
        currentCode: order.code,
        serialNumber: this.serialFor(orderId, issued.code),
      },
      issued,
    );
    return { facts, stamp };
  }

  private loadRow(row: WalletPassRow) {
    return this.load(row.order_id, { code: row.code, holderName: row.holder_name });
  }

  private async pkpassOf(facts: PassFacts): Promise<Buffer> {
    const apple = this.config.apple!;
    const pass = passJson(facts, apple, {
      serviceUrl: `${this.config.publicUrl}${APPLE_SERVICE_PATH}`,
      authenticationToken: this.authenticationToken(facts.serialNumber),
    });
    return pkpass(pass, await passImages(), this.signer!);
  }

  /**
   * A pass's serial: the order's id and a digest of the code it was issued under. Stable
   * through every change but a transfer (a new code: a new pass), and without the code
   * itself, since Wallet's "which passes changed" call lists serials without a token.
   */
  serialFor(orderId: string, code: string): string {
    const digest = createHmac('sha256', this.key)
      .update(`wallet-serial:${orderId}:${code}`)
      .digest('hex')
      .slice(0, 12);
    return `${orderId}-${digest}`;
  }

  // Apple's PassKit web service -------------------------------------------------------------

  /**
   * The pass's authenticationToken: an HMAC of its serial under a key in `app_secrets`, so
   * no token is stored, and every app server derives the same.
   */
  authenticationToken(serial: string): string {
    return createHmac('sha256', this.key).update(`wallet-pass:${serial}`).digest('base64url');
  }

  /** The pass an `Authorization: ApplePass {token}` header is good for, or a 401. */
  private async authorised(
    passTypeId: string,
    serial: string,
    authorization: string | undefined,
  ): Promise<WalletPassRow> {
    const apple = this.appleOr404();
    const given = Buffer.from(/^ApplePass (.+)$/.exec(authorization ?? '')?.[1] ?? '');
    const expected = Buffer.from(this.authenticationToken(serial));
    const row = passTypeId === apple.passTypeId ? await repo.findPass(this.db, serial) : undefined;
    if (!row || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(401, 'UNAUTHORIZED', 'This pass is not known, or its token is wrong.');
    return row;
  }

  private appleOr404(): AppleWalletConfig {
    if (!this.config.apple)
      throw notFound(
        'Apple Wallet passes are not offered here: this server has no Apple pass certificate.',
      );
    return this.config.apple;
  }

  /** Registers a device for a pass's updates: 'created', or 'existing' when it already was. */
  async register(
    device: string,
    passTypeId: string,
    serial: string,
    authorization: string | undefined,
    pushToken: string,
  ): Promise<'created' | 'existing'> {
    await this.authorised(passTypeId, serial, authorization);
    return (await repo.register(this.db, device, serial, pushToken)) ? 'created' : 'existing';
  }

  async unregister(
    device: string,
    passTypeId: string,
    serial: string,
    authorization: string | undefined,
  ): Promise<void> {
    await this.authorised(passTypeId, serial, authorization);
    await repo.unregister(this.db, device, serial);
  }

  /**
   * The device's passes changed since the tag it was last given (milliseconds since 1970
   * of the newest change), or undefined when none did (204).
   */
  async updatedSince(
    device: string,
    passTypeId: string,
    since: string | undefined,
  ): Promise<{ lastUpdated: string; serialNumbers: string[] } | undefined> {
    const apple = this.appleOr404();
    if (passTypeId !== apple.passTypeId) return undefined;
    const passes = await repo.passesOfDevice(this.db, device);
    const after = since && /^\d+$/.test(since) ? Number(since) : -1;
    const changed = passes.filter((p) => p.changed_at.getTime() > after);
    if (changed.length === 0) return undefined;
    const lastUpdated = Math.max(...changed.map((p) => p.changed_at.getTime()));
    return { lastUpdated: String(lastUpdated), serialNumbers: changed.map((p) => p.serial_number) };
  }

  /** The pass as it is now; undefined when unchanged since `ifModifiedSince` (304). */
  async latestPass(
    passTypeId: string,
    serial: string,
    authorization: string | undefined,
    ifModifiedSince: string | undefined,
  ): Promise<PassFile | undefined> {
    let row = await this.authorised(passTypeId, serial, authorization);
    const loaded = await this.loadRow(row);
    if (!loaded) throw notFound('This pass was not found.');
    // Changed but not swept yet: it is new from now (the sweeper then pushes it).
    const hash = hashOf(loaded.facts);
    if (hash !== row.content_hash) row = await repo.recordChange(this.db, serial, hash);
    const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
    if (!Number.isNaN(since) && Math.floor(row.changed_at.getTime() / 1000) * 1000 <= since)
      return undefined;
    return { body: await this.pkpassOf(loaded.facts), lastModified: row.changed_at };
  }

  // The sweeper -----------------------------------------------------------------------------

  /**
   * Looks for passes whose order or event changed, and pushes what changed to the wallets
   * that hold them: each registered Apple device through APNs (it then fetches the pass),
   * and the Google object and class. Marked done only when all answered; a failure is
   * tried again with backoff. Returns how many passes it looked at.
   */
  async sweep(): Promise<number> {
    if (!this.config.apple && !this.config.google) return 0;
    const rows = await repo.claimDue(this.db, BATCH, LEASE_SECONDS);
    for (const row of rows) await this.sync(row);
    return rows.length;
  }

  private async sync(row: WalletPassRow): Promise<void> {
    const loaded = await this.loadRow(row);
    if (!loaded) return;
    const { facts, stamp } = loaded;
    const hash = hashOf(facts);
    let pending = row.pending;
    if (hash !== row.content_hash) {
      await repo.recordChange(this.db, row.serial_number, hash);
      pending = true;
    }
    if (!pending) return repo.settle(this.db, row.serial_number, stamp);
    // Each wallet on its own (decision 056): an APNs failure must not keep a transferred
    // ticket's Google pass ACTIVE. A failure of either retries the pass with backoff; the
    // other is pushed again then, which is harmless (a push says "ask me"; a PATCH repeats).
    const errors: string[] = [];
    if (this.apns && row.apple_issued_at) {
      try {
        const tokens = await repo.pushTokensOf(this.db, row.serial_number);
        const results = await this.apns.pushAll(tokens);
        for (const [token, result] of results) {
          if (result === 'gone') await repo.forgetPushToken(this.db, token);
          else if (result !== 'sent') errors.push(`apple: ${result.error}`);
        }
      } catch (err) {
        errors.push(`apple: ${(err as Error).message}`);
      }
    }
    if (this.googleApi && row.google_issued_at) {
      try {
        await this.googleApi.update(facts);
      } catch (err) {
        errors.push(`google: ${(err as Error).message}`);
      }
    }
    if (errors.length === 0) {
      await repo.settle(this.db, row.serial_number, stamp);
      this.log.info(
        { serial: row.serial_number, voided: facts.voided },
        'wallet pass update pushed',
      );
      return;
    }
    const attempts = row.attempts + 1;
    const message = errors.join('; ').slice(0, 500);
    await repo.postpone(this.db, row.serial_number, stamp, message, backoffSeconds(attempts));
    this.log.warn(
      { serial: row.serial_number, attempts, err: message },
      'wallet pass update failed; will retry',
    );
  }

  /**
   * Wallet's log call (`POST …/v1/log`, no authentication by Apple's design): limited per
   * client address, and written as one bounded summary — the number of lines and the first
   * few, cut short — so an anonymous caller cannot fill the logs (decision 056).
   */
  async deviceLog(lines: string[], clientAddress: string, log: FastifyBaseLogger): Promise<void> {
    await this.logLimiter?.consume(clientAddress);
    log.warn(
      {
        lines: lines.length,
        wallet: lines.slice(0, WALLET_LOG.linesKept).map((l) => l.slice(0, WALLET_LOG.lineChars)),
      },
      'Apple Wallet log',
    );
  }

  start(): void {
    if ((!this.config.apple && !this.config.google) || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((err: Error) => this.log.error({ err: err.message }, 'wallet sweep failed'))
        .finally(() => (this.running = undefined));
    }, this.config.sweepIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
