import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  EMBED_BASE,
  filtersFromSearch,
  HOME_EVENTS_QUERY,
  pageDataKey,
  publicEventsQueryFor,
} from '@gatepass/shared';
import zlib from 'node:zlib';
import Fastify, {
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { Http2SecureServer } from 'node:http2';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { Limiter } from './lib/rate-limiter.ts';
import { registerApiTokens } from './modules/api-tokens/api-tokens.hook.ts';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { ApiTokensService } from './modules/api-tokens/api-tokens.service.ts';
import { createAuthLimits } from './modules/auth/auth.limits.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { checkinRoutes } from './modules/checkin/checkin.routes.ts';
import { CheckinService } from './modules/checkin/checkin.service.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { financeRoutes } from './modules/finances/finances.routes.ts';
import { FinancesService } from './modules/finances/finances.service.ts';
import { EventsService } from './modules/events/events.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import {
  MESSAGE_LOG_KEY,
  MessageGuard,
  PgMessageCounter,
  RedisMessageCounter,
} from './modules/mail/mail.caps.ts';
import { MailService } from './modules/mail/mail.service.ts';
import { logTransport, smtpTransport } from './modules/mail/mail.transport.ts';
import { TermiiProvider } from './modules/sms/sms.provider.ts';
import { smsLogTransport, smsTransport } from './modules/sms/sms.transport.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { MediaService } from './modules/media/media.service.ts';
import { MULTIPART_LIMITS } from './modules/media/media.upload.ts';
import { createCheckoutLimits } from './modules/orders/orders.limits.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { manageOrderRoutes, orderLookupRoutes } from './modules/orders/orders.manage.routes.ts';
import { LOOKUP_LIMIT_RULES, OrdersManageService } from './modules/orders/orders.manage.service.ts';
import { promoRoutes } from './modules/promos/promos.routes.ts';
import { PromosService } from './modules/promos/promos.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { SETTINGS_LIMIT_RULES, SettingsService } from './modules/settings/settings.service.ts';
import { ORDER_CONFIRMATION } from './modules/orders/orders.mails.ts';
import { CHANGE_KINDS } from './modules/orders/orders.change-messages.ts';
import { PaystackProvider } from './modules/payments/paystack.provider.ts';
import { paystackSandboxRoutes } from './modules/paystack-sandbox/paystack-sandbox.routes.ts';
import { PaystackSandbox } from './modules/paystack-sandbox/paystack-sandbox.service.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { ticketPageRoutes } from './modules/tickets/tickets.page.routes.ts';
import { TicketsService } from './modules/tickets/tickets.service.ts';
import { TICKET_LINK_KEY, TicketLinks } from './modules/tickets/ticket-links.ts';
import { appSecret } from './db/app-secrets.ts';
import { appleWebServiceRoutes, walletTicketRoutes } from './modules/wallet/wallet.routes.ts';
import {
  APPLE_SERVICE_PATH,
  WALLET_LOG,
  WALLET_PASS_KEY,
  WalletService,
} from './modules/wallet/wallet.service.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { loggerOptions } from './plugins/logger.ts';
import { registerPrivateCache } from './plugins/private-cache.ts';
import { registerPublicCache } from './plugins/public-cache.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import { registerAccess } from './plugins/access.ts';
import { manageTeamRoutes, teamRoutes } from './modules/team/team.routes.ts';
import { TEAM_LIMIT_RULES, TeamService } from './modules/team/team.service.ts';
import { manageWaitlistRoutes, waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { WAITLIST_LIMIT_RULES, WaitlistService } from './modules/waitlist/waitlist.service.ts';
import {
  queuePageRoutes,
  waitingRoomManageRoutes,
  waitingRoomPublicRoutes,
} from './modules/waiting-room/waiting-room.routes.ts';
import { WaitingRoomService } from './modules/waiting-room/waiting-room.service.ts';
import { trackingManageRoutes, trackingPublicRoutes } from './modules/tracking/tracking.routes.ts';
import { TrackingService } from './modules/tracking/tracking.service.ts';
import { PgQueueStore, RedisQueueStore } from './modules/waiting-room/waiting-room.store.ts';

export interface AppServices {
  database: DatabaseHandle;
  mail: MailService;
  auth: AuthService;
  media: MediaService;
  events: EventsService;
  orders: OrdersService;
  checkin: CheckinService;
  ordersManage: OrdersManageService;
  promos: PromosService;
  finances: FinancesService;
  settings: SettingsService;
  tickets: TicketsService;
  payments: PaymentsService;
  team: TeamService;
  waitlist: WaitlistService;
  waitingRoom: WaitingRoomService;
  wallet: WalletService;
  apiTokens: ApiTokensService;
  tracking: TrackingService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface BuildOptions {
  /** Use an already open database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The clock of time-based rules (publishing, date filters); tests pin it. */
  now?: () => Date;
}

/**
 * TRUST_PROXY as Fastify takes it (decision 056). Fastify ignores a bare hop count (it
 * trusts nothing then), so a count is a function of the hop's position: the socket's peer
 * and the next hops-1 entries from the right are proxies; the entry before them is the
 * client. Addresses and CIDRs go to Fastify as they are.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Builds the whole server from a parsed config: external plugins → app plugins →
 * modules → web. Opens the database and runs migrations; `app.close()` undoes it all.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const common = {
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Order codes, slugs and ids are short; longer path parameters are refused early.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
  // With TLS_CERT_FILE and TLS_KEY_FILE: HTTPS on the same port, HTTP/2 for the browsers that
  // offer it and HTTP/1.1 for the rest (a phone at the door gets its camera only over HTTPS).
  // The routes see the same request and reply either way; the instance is typed as the
  // HTTP/1 one the rest of the app is written against.
  const app = config.tls
    ? (Fastify({
        ...common,
        http2: true,
        https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key },
      } as FastifyHttp2SecureOptions<Http2SecureServer>) as unknown as FastifyInstance)
    : Fastify({ ...common, forceCloseConnections: 'idle' });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerPrivateCache(app);

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDatabase = !options.database;
  const applied = await migrateToLatest(database.db);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
        lazyConnect: false,
      })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));

  // One outbox, one dispatcher; a transport per channel, each logging when not configured.
  const transports = {
    mail: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(app.log),
    sms: config.termii
      ? smsTransport(
          new TermiiProvider(
            config.termii.apiKey,
            config.termii.senderId,
            config.termii.baseUrl,
            config.termii.channel,
          ),
        )
      : // Its text reaches the log only where mail's does too: no SMTP_URL (decision 041).
        smsLogTransport(app.log, { withText: !config.smtpUrl }),
  };
  // Per-recipient caps and the SMS budget for new numbers, counted in Redis when there is one
  // (as the rate limits are), in PostgreSQL otherwise (decision 052).
  const messageGuard = new MessageGuard(
    database.db,
    redis ? new RedisMessageCounter(redis) : new PgMessageCounter(database.db),
    config.messageCaps,
    app.log,
    await appSecret(database.db, MESSAGE_LOG_KEY),
  );
  const mail = new MailService(
    database.db,
    transports,
    app.log,
    config.mailRetryIntervalMs,
    messageGuard,
  );
  const auth = new AuthService(
    database.db,
    mail,
    createAuthLimits(redis),
    config.publicUrl,
    // A sign-up from a team invitation takes the invited address (decision 053).
    (ip, token) => team.invitedEmail(ip, token),
  );
  const media = new MediaService(
    database.db,
    { graceHours: config.mediaUnusedGraceHours, intervalMs: config.mediaSweepIntervalMs },
    app.log,
  );
  // New events take the organiser's default fee mode (settings is built below; called per request).
  const events = new EventsService(
    database.db,
    media,
    options.now,
    (ownerId) => settings.defaultFeeMode(ownerId),
    // Paid online sales settle to the organiser's Paystack subaccount (decision 038).
    async (ownerId) =>
      Boolean(config.paystackSecretKey) &&
      !config.paymentsTestMode &&
      !(await settings.payoutReady(ownerId)),
    // The public page tells of the fair queue before anyone presses "Get tickets".
    (eventId, slug) => waitingRoom.publicInfo(eventId, slug),
  );
  const ticketLinks = new TicketLinks(
    await appSecret(database.db, TICKET_LINK_KEY),
    config.publicUrl,
  );
  // Which wallets this server signs passes for: the buyer's buttons, mail and ticket page.
  const walletEnabled = {
    apple: Boolean(config.appleWallet),
    google: Boolean(config.googleWallet),
  };
  const orders = new OrdersService(
    database.db,
    mail,
    {
      publicUrl: config.publicUrl,
      ticketLinks,
      wallet: walletEnabled,
      holdSeconds: config.orderHoldSeconds,
      sweepIntervalMs: config.holdSweepIntervalMs,
      testPayments: config.paymentsTestMode,
      transfersPerDay: config.orderTransfersPerDay,
      unsafeDisableCapacityGuard: config.unsafeDisableCapacityGuard,
    },
    app.log,
    createCheckoutLimits(redis),
  );
  if (config.unsafeDisableCapacityGuard) {
    app.log.error(
      'UNSAFE_DISABLE_CAPACITY_GUARD is set: tickets WILL be oversold. It exists for the oversell test only.',
    );
  }
  const tickets = new TicketsService(orders.reads, config.publicUrl);
  tickets.attachToMail(mail, ORDER_CONFIRMATION);
  tickets.attachCalendarToMail(mail, CHANGE_KINDS.eventChanged);
  // The demo's Paystack sandbox answers the Paystack client in-process and delivers its
  // signed webhooks to our own webhook route (decision 058).
  const sandbox =
    config.paystackSandbox && config.paystackSecretKey
      ? new PaystackSandbox(
          database.db,
          config.paystackSecretKey,
          config.publicUrl,
          async (body, signature) =>
            (
              await app.inject({
                method: 'POST',
                url: '/api/v1/payments/paystack/webhook',
                headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
                payload: body,
              })
            ).statusCode,
          app.log,
        )
      : undefined;
  if (sandbox) {
    app.log.warn('PAYSTACK_SANDBOX is on: Paystack is simulated in-process and no money moves.');
  }
  const paystack = config.paystackSecretKey
    ? new PaystackProvider(
        config.paystackSecretKey,
        config.paystackBaseUrl,
        undefined,
        sandbox ? sandbox.fetch : undefined,
      )
    : undefined;
  const payments = new PaymentsService(
    database.db,
    orders.settlement,
    mail,
    paystack,
    config.publicUrl,
    app.log,
    config.paymentsTestMode,
    Boolean(sandbox),
  );
  const checkin = new CheckinService(database.db, orders.door);
  const ordersManage = new OrdersManageService(
    database.db,
    orders,
    {
      perIp: new Limiter('orderLookupPerIp', LOOKUP_LIMIT_RULES.perIp, redis),
      failuresPerIp: new Limiter(
        'orderLookupFailuresPerIp',
        LOOKUP_LIMIT_RULES.failuresPerIp,
        redis,
      ),
      failuresPerIpAndCode: new Limiter(
        'orderLookupFailuresPerIpAndCode',
        LOOKUP_LIMIT_RULES.failuresPerIpAndCode,
        redis,
      ),
    },
    { exportBatchSize: config.exportBatchSize },
    app.log,
    payments,
  );
  const settings = new SettingsService(
    database.db,
    auth,
    media,
    mail,
    {
      passwordFailuresPerUser: new Limiter(
        'passwordChangeFailures',
        SETTINGS_LIMIT_RULES.passwordFailuresPerUser,
        redis,
      ),
      emailChangesPerUser: new Limiter(
        'emailChanges',
        SETTINGS_LIMIT_RULES.emailChangesPerUser,
        redis,
      ),
    },
    config.publicUrl,
    app.log,
    paystack,
  );
  const waitlist = new WaitlistService(
    database.db,
    mail,
    orders.offers,
    {
      joinsPerIp: new Limiter('waitlistJoinsPerIp', WAITLIST_LIMIT_RULES.joinsPerIp, redis),
      claimsPerIp: new Limiter('waitlistClaimsPerIp', WAITLIST_LIMIT_RULES.claimsPerIp, redis),
      leavesPerIp: new Limiter('waitlistLeavesPerIp', WAITLIST_LIMIT_RULES.leavesPerIp, redis),
    },
    { publicUrl: config.publicUrl, offerSeconds: config.waitlistOfferSeconds },
    app.log,
  );
  // The organiser's "new order" mail is written in the transaction that completes the order,
  // and a paid waiting-list offer is marked claimed in it.
  orders.onCompleted(async (trx, completed) => {
    await settings.notifyOrganiser(trx, completed);
    await waitlist.ordersCompleted(trx, completed);
    await tracking.ordersCompleted(
      trx,
      completed.map((c) => c.order.id),
    );
  });
  // Tickets that come back are offered to the waiting list in the same transaction (decision 032).
  orders.onReleased(waitlist.ticketsReleased);
  orders.organiser.onOfferOrders(waitlist.offeredOrderIds);
  ordersManage.onWaitingCount((ids) => waitlist.waitingFor(ids));
  // Holders hear of a cancelled event or a new date, time or place in its commit (issue 24 §1).
  events.onHoldersToTell({
    cancelled: (trx, eventId, reason) => orders.notices.eventCancelled(trx, eventId, reason),
    changed: (trx, eventId, change) => orders.notices.eventChanged(trx, eventId, change),
    committed: () => orders.notices.kickMessages(),
  });
  events.onCapacityRaised((trx, ticketTypeIds) =>
    waitlist.offerFreed(trx, ticketTypeIds).then(() => {}),
  );
  const promos = new PromosService(
    database.db,
    ordersManage,
    { publicUrl: config.publicUrl, organiserName: (id) => settings.displayName(id) },
    options.now,
  );
  const finances = new FinancesService(
    database.db,
    ordersManage,
    config.exportBatchSize,
    app.log,
    options.now,
    paystack,
  );
  const team = new TeamService(
    database.db,
    mail,
    {
      invitesPerOrganiser: new Limiter(
        'teamInvitesPerOrganiser',
        TEAM_LIMIT_RULES.invitesPerOrganiser,
        redis,
      ),
      tokenFailuresPerIp: new Limiter(
        'teamTokenFailuresPerIp',
        TEAM_LIMIT_RULES.tokenFailuresPerIp,
        redis,
      ),
    },
    config.publicUrl,
    options.now,
  );
  // The waiting room's queue is shared by every process: in Redis when set, else PostgreSQL.
  const waitingRoom = new WaitingRoomService(
    database.db,
    redis ? new RedisQueueStore(redis) : new PgQueueStore(database.db),
    {
      publicUrl: config.publicUrl,
      secret: config.waitingRoomSecret,
      powWork: config.waitingRoomPowWork,
    },
    options.now,
  );
  // Wallet passes below each ticket link, kept up to date by a sweeper (decisions 043–044).
  const wallet = new WalletService(
    database.db,
    orders.reads,
    {
      publicUrl: config.publicUrl,
      apple: config.appleWallet,
      google: config.googleWallet,
      sweepIntervalMs: config.walletSweepIntervalMs,
    },
    await appSecret(database.db, WALLET_PASS_KEY),
    app.log,
    new Limiter('walletLogPerIp', WALLET_LOG.perAddress, redis),
  );
  // Where sales come from: tracking links, views in aggregate, each checkout's source (issue 26 §4).
  const tracking = new TrackingService(
    database.db,
    { publicUrl: config.publicUrl, flushIntervalMs: config.trackingFlushIntervalMs },
    app.log,
  );
  // API tokens: an owner's key for their other tools, within one scope (issue 26 §2).
  const apiTokens = new ApiTokensService(database.db, {
    eventsOf: (organiserId) => events.listMine(organiserId),
    resourceOwner: (ref) => team.resourceOwner(ref),
    perToken: new Limiter(
      'apiTokenRequests',
      { points: config.apiTokenRequestsPerMinute, duration: 60 },
      redis,
    ),
  });
  app.decorate('services', {
    database,
    team,
    mail,
    auth,
    media,
    events,
    orders,
    checkin,
    ordersManage,
    promos,
    finances,
    settings,
    tickets,
    payments,
    waitlist,
    waitingRoom,
    wallet,
    apiTokens,
    tracking,
  });
  // API tokens are taken before any route's own login check, and mark the routes they may call.
  registerApiTokens(app, apiTokens);
  // Roles on every manage route: who acts for which organiser (issue 13, decision 040).
  registerAccess(app, auth, team, apiTokens);

  // External plugins.
  const cspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // react-toastify injects its stylesheet at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    mediaSrc: ["'self'", 'blob:', 'mediastream:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
  };
  registerSecurityHeaders(
    app,
    { contentSecurityPolicy: { directives: cspDirectives }, crossOriginEmbedderPolicy: false },
    // The widget's pages (issue 26 §1): any site may frame them, and only them (decision 074).
    [
      {
        prefix: `${EMBED_BASE}/`,
        options: {
          contentSecurityPolicy: { directives: { ...cspDirectives, frameAncestors: ['*'] } },
          crossOriginEmbedderPolicy: false,
          xFrameOptions: false,
        },
      },
    ],
  );
  // Answers of 1 KB or more in br or gzip when the client accepts it (a door's order list:
  // 1.9 MB raw, ~330 KB gzipped). Registered before every route, since it hooks each route
  // as it is added; on the cached routes the public cache's onSend runs before its, so
  // the cache keeps plain bytes (and encodes its hits itself, once per entry, with these
  // settings).
  // Brotli runs at quality 4 (zlib's 11 is far too slow per answer). The web app's files
  // are compressed once at build time (plugins/web.ts), and request bodies are not
  // decompressed (bodies are small JSON; no zip bombs).
  const compression = {
    encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  };
  await app.register(compress, { ...compression, globalDecompression: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gatepass API',
        version: '1.0.0',
        description:
          'Event ticketing: accounts, events, orders, check-in.\n\n' +
          '**API tokens.** An account owner makes tokens in Settings → API tokens, each with one scope — `read` (orders and attendees), `checkin` (the door list and checking codes in) or `manage` (events and ticket types) — and optionally limited to some events. ' +
          "Send one as `Authorization: Bearer gpat_…`. Only the operations marked with the `apiToken` security scheme (and a line in their description) take a token; any other answers 403, another organiser's things 404, a revoked token 401. " +
          'Each token has its own rate limit (429 with `Retry-After`). See docs/integrations.md.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A login session token.' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'gpat_…',
            description:
              'An API token (Settings → API tokens): `Authorization: Bearer gpat_…`, within its scope.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  registerPublicCache(app, {
    routes: ['/api/v1/events', '/api/v1/events/:slug'],
    // Organiser changes, and checkouts (tickets left): at once in this process.
    clearOn: ['/api/v1/events/manage', '/api/v1/media', '/api/v1/orders'],
    compression,
  });

  // Modules.
  await app.register(
    async (api) => {
      await api.register(
        healthRoutes(database, redis ? () => redis.ping().then((r) => r === 'PONG') : undefined),
      );
      await api.register(authRoutes(auth), { prefix: '/auth/user' });
      // Uploads stream through @fastify/multipart with their own size limit (5 MB images).
      await api.register(multipart, { limits: MULTIPART_LIMITS });
      await api.register(mediaRoutes(media, auth), { prefix: '/media' });
      await api.register(eventsRoutes(events, auth, config.publicUrl), { prefix: '/events' });
      await api.register(orderRoutes(orders, auth, payments, waitingRoom, tracking), {
        prefix: '/orders',
      });
      await api.register(ticketRoutes(tickets), { prefix: '/orders' });
      await api.register(paymentRoutes(payments));
      if (sandbox) {
        await api.register(paystackSandboxRoutes(sandbox), {
          prefix: '/paystack-sandbox/checkout',
        });
      }
      // The organiser's area, beside the events routes under /events/manage.
      await api.register(manageOrderRoutes(ordersManage, auth), {
        prefix: '/events/manage/orders',
      });
      await api.register(promoRoutes(promos, auth), { prefix: '/events/manage' });
      await api.register(financeRoutes(finances, auth), { prefix: '/events/manage' });
      await api.register(
        settingsRoutes(settings, auth, {
          paystack: config.paystackSandbox
            ? 'sandbox'
            : !config.paystackSecretKey
              ? 'off'
              : config.paystackSecretKey.startsWith('sk_live_')
                ? 'live'
                : 'test',
          mail: Boolean(config.smtpUrl),
          sms: Boolean(config.termii),
          appleWallet: walletEnabled.apple,
          googleWallet: walletEnabled.google,
        }),
        { prefix: '/events/manage/settings' },
      );
      await api.register(manageTeamRoutes(team, auth), { prefix: '/events/manage' });
      await api.register(teamRoutes(team, auth), { prefix: '/team' });
      await api.register(orderLookupRoutes(ordersManage), { prefix: '/orders' });
      // The spec's door paths (§7), kept exactly.
      await api.register(checkinRoutes(checkin, auth), { prefix: '/ticketPurchase' });
      await api.register(waitlistRoutes(waitlist), { prefix: '/waitlist' });
      await api.register(manageWaitlistRoutes(waitlist, auth), { prefix: '/events/manage' });
      await api.register(waitingRoomManageRoutes(waitingRoom, auth), { prefix: '/events/manage' });
      await api.register(waitingRoomPublicRoutes(waitingRoom, auth), { prefix: '/waiting-room' });
      await api.register(apiTokenRoutes(apiTokens, auth), { prefix: '/events/manage' });
      await api.register(trackingManageRoutes(tracking, auth), { prefix: '/events/manage' });
      await api.register(trackingPublicRoutes(tracking), { prefix: '/events' });
    },
    { prefix: '/api/v1' },
  );
  // Apple's PassKit web service (the passes' webServiceURL) and the wallet downloads below
  // each ticket link (/t/{segment}/pass.pkpass, /t/{segment}/google).
  await app.register(appleWebServiceRoutes(wallet), { prefix: APPLE_SERVICE_PATH });
  await app.register(walletTicketRoutes(wallet));
  // The waiting room's queue page (plain HTML), before the web app's fallback.
  await app.register(queuePageRoutes(waitingRoom));
  // The light ticket page and its service worker (plain HTML, decision 042).
  await app.register(ticketPageRoutes(orders.reads, config.publicUrl, walletEnabled));

  // The public pages: their own code preloaded beside the entry, the event page's head for
  // crawlers, and each page's first API answers in its HTML (decision 021).
  await registerWeb(
    app,
    config.webDistDir,
    [
      {
        path: '/',
        module: 'src/app/routes/home.tsx',
        data: () => [pageDataKey('/events', HOME_EVENTS_QUERY)],
      },
      {
        path: '/events',
        module: 'src/app/routes/events/events-list.tsx',
        data: (_params, query) => [
          pageDataKey('/events', publicEventsQueryFor(filtersFromSearch(query))),
        ],
      },
      {
        path: '/events/:slug',
        module: 'src/app/routes/events/event-detail.tsx',
        head: (params) => events.pageHead(params.slug ?? '', config.publicUrl),
        data: (params) => [pageDataKey(`/events/${encodeURIComponent(params.slug ?? '')}`)],
      },
      {
        // The widget's first screen inside a host page: its code and data in the HTML.
        path: `${EMBED_BASE}/events/:slug`,
        module: 'src/app/routes/embed/embed-event.tsx',
        data: (params) => [pageDataKey(`/events/${encodeURIComponent(params.slug ?? '')}`)],
      },
    ],
    { testMode: config.paymentsTestMode },
  );

  mail.start();
  orders.start();
  waitlist.start(config.holdSweepIntervalMs);
  media.start();
  wallet.start();
  tracking.start();
  app.addHook('onClose', async () => {
    await tracking.stop();
    sandbox?.close();
    await wallet.stop();
    orders.stop();
    waitlist.stop();
    await media.stop();
    await mail.stop();
    redis?.disconnect();
    if (ownsDatabase) await database.close();
  });
  return app;
}
