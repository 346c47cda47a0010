import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import {
  renderTicketNotFound,
  renderTicketPage,
  TICKET_PAGE_CSP,
  TICKET_SERVICE_WORKER,
  type TicketAction,
} from './tickets.page.ts';
import { qrSvg } from './tickets.render.ts';
import type { TicketOrder } from './tickets.render.ts';
import { whatsappShareUrl } from '@gatepass/shared';
import { walletLinks, type WalletEnabled } from './wallet-links.ts';

/** Where the page reads its order: the orders service's check of the signed link. */
export interface TicketPageOrders {
  ticketForLink(segment: string): Promise<TicketOrder & { orderId: string }>;
}

/**
 * The links under a ticket, in one place: the event's page, then whatever else a ticket
 * offers (the wallet passes add "Add to Apple Wallet" and "Save to Google Wallet" here,
 * below `/t/{segment}/…`).
 */
export function ticketActions(
  ticket: TicketOrder,
  segment: string,
  publicUrl: string,
  wallet: WalletEnabled = { apple: false, google: false },
): TicketAction[] {
  const eventUrl = `${publicUrl}/events/${ticket.event.slug}`;
  return [
    ...walletLinks(`${publicUrl}/t/${segment}`, wallet),
    { label: 'Event page', href: eventUrl },
    // The event's page, never this ticket's link (issue 25 §3).
    { label: 'Share on WhatsApp', href: whatsappShareUrl(ticket.event.title, eventUrl) },
  ];
}

/**
 * `GET /t/{code}-{mac}`: the light ticket page (decision 042), and `GET /t/sw.js`, its
 * service worker. The link is a capability (whoever has it has the ticket, as with the
 * mailed QR), so the answers are `private, no-store` and send no referrer; a wrong, old or
 * unpaid link is a small 404 page.
 */
export function ticketPageRoutes(
  orders: TicketPageOrders,
  publicUrl: string,
  wallet?: WalletEnabled,
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/t/sw.js', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        // Checked with the server on every registration, so a new worker reaches phones.
        .header('cache-control', 'no-cache')
        .send(TICKET_SERVICE_WORKER),
    );

    app.get(
      '/t/:link',
      { schema: { hide: true, params: z.object({ link: z.string() }) } },
      async (request, reply) => {
        void reply
          .header('content-security-policy', TICKET_PAGE_CSP)
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .header('x-robots-tag', 'noindex')
          .type('text/html; charset=utf-8');
        const { link } = request.params;
        let ticket: TicketOrder;
        try {
          ticket = await orders.ticketForLink(link);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 404)
            return reply.status(404).send(renderTicketNotFound(publicUrl));
          throw err;
        }
        return reply.send(
          renderTicketPage(
            ticket,
            await qrSvg(ticket.orderCode),
            ticketActions(ticket, link, publicUrl, wallet),
          ),
        );
      },
    );
  };
}
