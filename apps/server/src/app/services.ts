import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { appSecret } from '../db/app-secrets.ts';
import type { Db } from '../db/database.ts';
import { ApiTokensService } from '../modules/api-tokens/api-tokens.service.ts';
import { AuthService } from '../modules/auth/auth.service.ts';
import { CheckinLists } from '../modules/checkin/checkin.lists.ts';
import { CheckinService } from '../modules/checkin/checkin.service.ts';
import { EventsService } from '../modules/events/events.service.ts';
import { FinancesService } from '../modules/finances/finances.service.ts';
import {
  MESSAGE_LOG_KEY,
  MessageGuard,
  PgMessageCounter,
  RedisMessageCounter,
} from '../modules/mail/mail.caps.ts';
import { MailService } from '../modules/mail/mail.service.ts';
import { logTransport, smtpTransport } from '../modules/mail/mail.transport.ts';
import { MessagesService } from '../modules/messages/messages.service.ts';
import { UNSUBSCRIBE_KEY, UnsubscribeTokens } from '../modules/messages/messages.texts.ts';
import { MediaService } from '../modules/media/media.service.ts';
import { CHANGE_KINDS } from '../modules/orders/orders.change-messages.ts';
import { ORDER_CONFIRMATION } from '../modules/orders/orders.mails.ts';
import { orderLookup } from '../modules/orders/orders.lookup.ts';
import { OrdersManageService } from '../modules/orders/orders.manage.service.ts';
import { OrdersService } from '../modules/orders/orders.service.ts';
import { PaymentsService } from '../modules/payments/payments.service.ts';
import { PaystackProvider } from '../modules/payments/paystack.provider.ts';
import { PaystackSandbox } from '../modules/paystack-sandbox/paystack-sandbox.service.ts';
import { PromosService } from '../modules/promos/promos.service.ts';
import { payoutMissing, SettingsService } from '../modules/settings/settings.service.ts';
import { TermiiProvider } from '../modules/sms/sms.provider.ts';
import { smsLogTransport, smsTransport } from '../modules/sms/sms.transport.ts';
import { WhatsAppCloudProvider, whatsappLogTransport } from '../modules/sms/whatsapp.provider.ts';
import { TeamService } from '../modules/team/team.service.ts';
import { TICKET_LINK_KEY, TicketLinks } from '../modules/tickets/ticket-links.ts';
import { TicketRenderer } from '../modules/tickets/tickets.pool.ts';
import { TicketsService } from '../modules/tickets/tickets.service.ts';
import { QuestionsService } from '../modules/questions/questions.service.ts';
import { TrackingService } from '../modules/tracking/tracking.service.ts';
import { WaitingRoomService } from '../modules/waiting-room/waiting-room.service.ts';
import { PgQueueStore, RedisQueueStore } from '../modules/waiting-room/waiting-room.store.ts';
import { WaitlistService } from '../modules/waitlist/waitlist.service.ts';
import { WALLET_PASS_KEY, WalletService } from '../modules/wallet/wallet.service.ts';
import { WebhooksService } from '../modules/webhooks/webhooks.service.ts';
import { createRateLimits } from './rate-limits.ts';

/** Every module's service, made once from the config (the app and the seed alike). */
export interface ModuleServices {
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
  webhooks: WebhooksService;
  apiTokens: ApiTokensService;
  tracking: TrackingService;
  questions: QuestionsService;
  messages: MessagesService;
}

export interface Wiring {
  services: ModuleServices;
  /** The demo's in-process Paystack (PAYSTACK_SANDBOX, decision 058); undefined otherwise. */
  sandbox: PaystackSandbox | undefined;
  /** Which wallets this server signs passes for: the buyer's buttons, mail and ticket page. */
  walletEnabled: { apple: boolean; google: boolean };
}

export interface WiringOptions {
  log: FastifyBaseLogger;
  /** Counts shared by every process (rate limits, message caps, the queue); else PostgreSQL/memory. */
  redis?: Redis;
  /** The clock of time-based rules; tests pin it. */
  now?: () => Date;
  /** The mail service's class: the seed's keeps the demo's made-up buyers' mail to itself. */
  Mail?: typeof MailService;
  /**
   * Where the Paystack sandbox delivers its signed webhooks: the app sends them through its
   * own webhook route; by default they go straight to the payments service.
   */
  deliverWebhook?: (body: string, signature: string) => Promise<number>;
}

/** The Redis client of REDIS_URL; its errors are logged, never thrown at a request. */
export function openRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  return redis;
}

/**
 * The services of every module, wired to each other: each gets the narrow functions it asks
 * of others, and the modules' reactions to each other's changes are connected (see
 * `connectReactions`). Nothing starts here: background jobs start in app/jobs.ts.
 */
export async function createServices(
  db: Db,
  config: Config,
  options: WiringOptions,
): Promise<Wiring> {
  const { log, redis, now } = options;
  const limits = createRateLimits(redis);
  // One outbox, one dispatcher; a transport per channel, each logging when not configured.
  const transports = {
    mail: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(log),
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
        smsLogTransport(log, { withText: !config.smtpUrl }),
    // WhatsApp template messages through the Cloud API, by the SMS provider interface (decision 083).
    whatsapp: config.whatsapp
      ? smsTransport(
          new WhatsAppCloudProvider(
            config.whatsapp.token,
            config.whatsapp.phoneNumberId,
            config.whatsapp.apiUrl,
            config.whatsapp.language,
          ),
        )
      : whatsappLogTransport(log),
  };
  // Per-recipient caps and the SMS budget for new numbers, counted in Redis when there is one
  // (as the rate limits are), in PostgreSQL otherwise (decision 052).
  const messageGuard = new MessageGuard(
    db,
    redis ? new RedisMessageCounter(redis) : new PgMessageCounter(db),
    config.messageCaps,
    log,
    await appSecret(db, MESSAGE_LOG_KEY),
  );
  const mail = new (options.Mail ?? MailService)(
    db,
    transports,
    log,
    config.mailRetryIntervalMs,
    messageGuard,
  );
  const team = new TeamService(db, mail, limits.team, config.publicUrl, now);
  const auth = new AuthService(
    db,
    mail,
    limits.auth,
    config.publicUrl,
    // A sign-up from a team invitation takes the invited address (decision 053).
    (ip, token) => team.invitedEmail(ip, token),
  );
  const media = new MediaService(
    db,
    { graceHours: config.mediaUnusedGraceHours, intervalMs: config.mediaSweepIntervalMs },
    log,
  );
  // The waiting room's queue is shared by every process: in Redis when set, else PostgreSQL.
  const waitingRoom = new WaitingRoomService(
    db,
    redis ? new RedisQueueStore(redis) : new PgQueueStore(db),
    {
      publicUrl: config.publicUrl,
      secret: config.waitingRoomSecret,
      powWork: config.waitingRoomPowWork,
    },
    now,
  );
  const walletEnabled = {
    apple: Boolean(config.appleWallet),
    google: Boolean(config.googleWallet),
  };
  const ticketLinks = new TicketLinks(await appSecret(db, TICKET_LINK_KEY), config.publicUrl);
  const orders = new OrdersService(
    db,
    mail,
    {
      publicUrl: config.publicUrl,
      ticketLinks,
      wallet: walletEnabled,
      whatsapp: Boolean(config.whatsapp),
      holdSeconds: config.orderHoldSeconds,
      sweepIntervalMs: config.holdSweepIntervalMs,
      testPayments: config.paymentsTestMode,
      transfersPerDay: config.orderTransfersPerDay,
      unsafeDisableCapacityGuard: config.unsafeDisableCapacityGuard,
    },
    log,
    limits.checkout,
  );
  if (config.unsafeDisableCapacityGuard) {
    log.error(
      'UNSAFE_DISABLE_CAPACITY_GUARD is set: tickets WILL be oversold. It exists for the oversell test only.',
    );
  }
  const tickets = new TicketsService(
    orders.reads,
    config.publicUrl,
    new TicketRenderer(config.ticketRenderThreads, log),
  );
  tickets.attachToMail(mail, ORDER_CONFIRMATION);
  tickets.attachCalendarToMail(mail, CHANGE_KINDS.eventChanged);
  // The demo's Paystack sandbox answers the Paystack client in-process and delivers its
  // signed webhooks to our own webhook route (decision 058).
  const sandbox =
    config.paystackSandbox && config.paystackSecretKey
      ? new PaystackSandbox(
          db,
          config.paystackSecretKey,
          config.publicUrl,
          options.deliverWebhook ??
            (async (body, signature) => {
              await payments.webhook(Buffer.from(body), signature);
              return 200;
            }),
          log,
        )
      : undefined;
  if (sandbox) {
    log.warn('PAYSTACK_SANDBOX is on: Paystack is simulated in-process and no money moves.');
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
    db,
    orders.settlement,
    mail,
    paystack,
    config.publicUrl,
    log,
    config.paymentsTestMode,
    Boolean(sandbox),
  );
  const ordersManage = new OrdersManageService(
    db,
    orders,
    limits.orderLookup,
    { exportBatchSize: config.exportBatchSize },
    log,
    payments,
  );
  const settings = new SettingsService(
    db,
    auth,
    media,
    mail,
    limits.settings,
    config.publicUrl,
    log,
    paystack,
  );
  const events = new EventsService(
    db,
    media,
    // Sold, held and taken per event come from orders, lent into events' statements.
    orderLookup,
    now,
    // New events take the organiser's default fee mode.
    (ownerId) => settings.defaultFeeMode(ownerId),
    payoutMissing(settings.payout, config),
    // The public page tells of the fair queue before anyone presses "Get tickets".
    (eventId, slug) => waitingRoom.publicInfo(eventId, slug),
    limits.accessCodes,
  );
  const waitlist = new WaitlistService(
    db,
    mail,
    orders.offers,
    limits.waitlist,
    { publicUrl: config.publicUrl, offerSeconds: config.waitlistOfferSeconds },
    log,
  );
  // Webhook deliveries are outbox rows written in each change's transaction (decision 072).
  const webhooks = new WebhooksService(
    db,
    mail,
    { ...config.webhooks, publicUrl: config.publicUrl, intervalMs: config.mailRetryIntervalMs },
    log,
  );
  if (config.webhooks.allowLoopback) {
    log.warn(
      'WEBHOOKS_ALLOW_LOOPBACK is on: webhooks may be sent to this machine (127.0.0.1). It exists for tests only.',
    );
  }
  // Messages to attendees and their reminders (issue 25 §3, decisions 082–083).
  const messages = new MessagesService(
    db,
    mail,
    new UnsubscribeTokens(await appSecret(db, UNSUBSCRIBE_KEY), config.publicUrl),
    limits.messages,
    (id) => settings.displayName(id),
    {
      channels: { sms: Boolean(config.termii), whatsapp: Boolean(config.whatsapp) },
      reminders: {
        intervalMs: config.reminderSweepIntervalMs,
        ticketLinks,
        whatsapp: Boolean(config.whatsapp),
        ...(now ? { now } : {}),
      },
    },
    log,
  );
  const services: ModuleServices = {
    messages,
    mail,
    auth,
    media,
    events,
    orders,
    checkin: new CheckinService(db, orders.door, new CheckinLists(db)),
    ordersManage,
    promos: new PromosService(
      db,
      ordersManage,
      { publicUrl: config.publicUrl, organiserName: (id) => settings.displayName(id) },
      now,
    ),
    finances: new FinancesService(db, ordersManage, config.exportBatchSize, log, now, paystack),
    settings,
    tickets,
    payments,
    team,
    waitlist,
    waitingRoom,
    webhooks,
    // Wallet passes below each ticket link, kept up to date by a sweeper (decisions 043–044).
    wallet: new WalletService(
      db,
      orders.reads,
      {
        publicUrl: config.publicUrl,
        apple: config.appleWallet,
        google: config.googleWallet,
        sweepIntervalMs: config.walletSweepIntervalMs,
      },
      await appSecret(db, WALLET_PASS_KEY),
      log,
      limits.walletLog,
    ),
    // API tokens: an owner's key for their other tools, within one scope (issue 26 §2).
    apiTokens: new ApiTokensService(db, {
      eventsOf: (organiserId) => events.listMine(organiserId),
      resourceOwner: (ref) => team.access.resourceOwner(ref),
      perToken: limits.apiToken(config.apiTokenRequestsPerMinute),
    }),
    // Where sales come from: tracking links, views in aggregate, each checkout's source (issue 26 §4).
    tracking: new TrackingService(
      db,
      { publicUrl: config.publicUrl, flushIntervalMs: config.trackingFlushIntervalMs },
      log,
      { rowOf: orderLookup.orderRowOf, ofEvents: orderLookup.ordersOfEvents },
    ),
    // Questions at checkout (issue 25 §1); checkout keeps the answers (questions.lookup.ts).
    questions: new QuestionsService(db),
  };
  connectReactions(services);
  return { services, sandbox, walletEnabled };
}

/**
 * What one module does when another changes, each in the transaction of the change: the
 * modules offer hooks, the composition connects them (no module imports the other for it).
 */
function connectReactions({
  orders,
  settings,
  waitlist,
  ordersManage,
  events,
  webhooks,
}: ModuleServices) {
  // The organiser's "new order" mail is written in the transaction that completes the order,
  // a paid waiting-list offer is marked claimed in it, and each order's source counts a sale.
  orders.onCompleted(async (trx, completed, how) => {
    await settings.notifyOrganiser(trx, completed, how);
    // An order the checkout made complete (a free one) was never an offer: no statement.
    if (how === 'later') await waitlist.ordersCompleted(trx, completed, how);
    await webhooks.ordersCompleted(trx, completed, how);
  });
  // Tickets that come back are offered to the waiting list in the same transaction (decision 032).
  // Signed webhooks are outbox rows of the same transactions (decision 072).
  orders.onReleased(async (trx, ended, ticketTypeIds) => {
    await waitlist.ticketsReleased(trx, ended, ticketTypeIds);
    await webhooks.ordersEnded(trx, ended);
  });
  // The waiting list says which holds are its offers (orders no longer reads its table).
  orders.organiser.onOfferOrders(waitlist.offeredOrderIds);
  orders.onChanges({
    transferred: (trx, order, from) => webhooks.transferred(trx, order, from),
    takesCheckins: (ownerId) => webhooks.takesCheckins(ownerId),
    checkedIn: (trx, eventId, ids, device, ownerId) =>
      webhooks.checkedIn(trx, eventId, ids, device, ownerId),
  });
  waitlist.onOffered((trx, offer) => webhooks.offered(trx, offer));
  ordersManage.onWaitingCount((ids) => waitlist.waitingFor(ids));
  // Holders hear of a cancelled event or a new date, time or place in its commit (issue 24 §1).
  events.onHoldersToTell({
    cancelled: (trx, eventId, reason) => orders.notices.eventCancelled(trx, eventId, reason),
    changed: (trx, eventId, change) => orders.notices.eventChanged(trx, eventId, change),
    committed: () => orders.notices.kickMessages(),
  });
  events.ticketTypes.onCapacityRaised((trx, ticketTypeIds) =>
    waitlist.offerFreed(trx, ticketTypeIds).then(() => {}),
  );
}
