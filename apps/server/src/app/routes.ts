import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { apiTokenRoutes } from '../modules/api-tokens/api-tokens.routes.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { checkinListRoutes } from '../modules/checkin/checkin.lists.routes.ts';
import { checkinRoutes } from '../modules/checkin/checkin.routes.ts';
import { eventsRoutes } from '../modules/events/events.routes.ts';
import { financeRoutes } from '../modules/finances/finances.routes.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { messageManageRoutes, messagePublicRoutes } from '../modules/messages/messages.routes.ts';
import { mediaRoutes } from '../modules/media/media.routes.ts';
import { MULTIPART_LIMITS } from '../modules/media/media.upload.ts';
import { manageOrderRoutes, orderLookupRoutes } from '../modules/orders/orders.manage.routes.ts';
import { orderRoutes } from '../modules/orders/orders.routes.ts';
import { paymentRoutes } from '../modules/payments/payments.routes.ts';
import { paystackSandboxRoutes } from '../modules/paystack-sandbox/paystack-sandbox.routes.ts';
import { promoRoutes } from '../modules/promos/promos.routes.ts';
import { serverFeatures, settingsRoutes } from '../modules/settings/settings.routes.ts';
import { manageTeamRoutes, teamRoutes } from '../modules/team/team.routes.ts';
import { ticketPageRoutes } from '../modules/tickets/tickets.page.routes.ts';
import { ticketRoutes } from '../modules/tickets/tickets.routes.ts';
import {
  questionsManageRoutes,
  questionsPublicRoutes,
} from '../modules/questions/questions.routes.ts';
import { trackingManageRoutes, trackingPublicRoutes } from '../modules/tracking/tracking.routes.ts';
import {
  queuePageRoutes,
  waitingRoomManageRoutes,
  waitingRoomPublicRoutes,
} from '../modules/waiting-room/waiting-room.routes.ts';
import { manageWaitlistRoutes, waitlistRoutes } from '../modules/waitlist/waitlist.routes.ts';
import { webhookRoutes } from '../modules/webhooks/webhooks.routes.ts';
import { appleWebServiceRoutes, walletTicketRoutes } from '../modules/wallet/wallet.routes.ts';
import { APPLE_SERVICE_PATH } from '../modules/wallet/wallet.service.ts';
import type { Wiring } from './services.ts';

/**
 * Every module's routes at its path: the API under /api/v1 (the spec's paths, §7), then the
 * plain-HTML pages served beside the web app (wallet passes, the queue, the ticket page).
 */
export async function registerRoutes(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  redis: Redis | undefined,
  { services: s, sandbox, walletEnabled }: Wiring,
): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(
        healthRoutes(database, redis ? () => redis.ping().then((r) => r === 'PONG') : undefined),
      );
      await api.register(authRoutes(s.auth), { prefix: '/auth/user' });
      // Uploads stream through @fastify/multipart with their own size limit (5 MB images).
      await api.register(multipart, { limits: MULTIPART_LIMITS });
      await api.register(mediaRoutes(s.media, s.auth), { prefix: '/media' });
      await api.register(eventsRoutes(s.events, s.auth, config.publicUrl), { prefix: '/events' });
      await api.register(orderRoutes(s.orders, s.auth, s.payments, s.waitingRoom, s.tracking), {
        prefix: '/orders',
      });
      await api.register(ticketRoutes(s.tickets), { prefix: '/orders' });
      await api.register(paymentRoutes(s.payments));
      if (sandbox) {
        await api.register(paystackSandboxRoutes(sandbox), {
          prefix: '/paystack-sandbox/checkout',
        });
      }
      // The organiser's area, beside the events routes under /events/manage.
      await api.register(manageOrderRoutes(s.ordersManage, s.auth), {
        prefix: '/events/manage/orders',
      });
      await api.register(promoRoutes(s.promos, s.auth), { prefix: '/events/manage' });
      await api.register(financeRoutes(s.finances, s.auth), { prefix: '/events/manage' });
      await api.register(settingsRoutes(s.settings, s.auth, serverFeatures(config)), {
        prefix: '/events/manage/settings',
      });
      await api.register(manageTeamRoutes(s.team, s.auth), { prefix: '/events/manage' });
      await api.register(webhookRoutes(s.webhooks, s.auth), { prefix: '/events/manage' });
      await api.register(teamRoutes(s.team, s.auth), { prefix: '/team' });
      await api.register(orderLookupRoutes(s.ordersManage), { prefix: '/orders' });
      // The spec's door paths (§7), kept exactly.
      await api.register(checkinRoutes(s.checkin, s.auth), { prefix: '/ticketPurchase' });
      await api.register(checkinListRoutes(s.checkin.lists, s.auth), { prefix: '/events/manage' });
      await api.register(waitlistRoutes(s.waitlist), { prefix: '/waitlist' });
      await api.register(manageWaitlistRoutes(s.waitlist, s.auth), { prefix: '/events/manage' });
      await api.register(waitingRoomManageRoutes(s.waitingRoom, s.auth), {
        prefix: '/events/manage',
      });
      await api.register(waitingRoomPublicRoutes(s.waitingRoom, s.auth), {
        prefix: '/waiting-room',
      });
      await api.register(apiTokenRoutes(s.apiTokens, s.auth), { prefix: '/events/manage' });
      await api.register(trackingManageRoutes(s.tracking, s.auth), { prefix: '/events/manage' });
      await api.register(trackingPublicRoutes(s.tracking), { prefix: '/events' });
      await api.register(questionsManageRoutes(s.questions, s.auth), { prefix: '/events/manage' });
      await api.register(questionsPublicRoutes(s.questions), { prefix: '/events' });
      // Messages to attendees (issue 25 §3) and their unsubscribe link.
      await api.register(messageManageRoutes(s.messages, s.auth), { prefix: '/events/manage' });
      await api.register(messagePublicRoutes(s.messages), { prefix: '/messages' });
    },
    { prefix: '/api/v1' },
  );
  // Apple's PassKit web service (the passes' webServiceURL) and the wallet downloads below
  // each ticket link (/t/{segment}/pass.pkpass, /t/{segment}/google).
  await app.register(appleWebServiceRoutes(s.wallet), { prefix: APPLE_SERVICE_PATH });
  await app.register(walletTicketRoutes(s.wallet));
  // The waiting room's queue page (plain HTML), before the web app's fallback.
  await app.register(queuePageRoutes(s.waitingRoom));
  // The light ticket page and its service worker (plain HTML, decision 042).
  await app.register(ticketPageRoutes(s.orders.reads, config.publicUrl, walletEnabled));
}
