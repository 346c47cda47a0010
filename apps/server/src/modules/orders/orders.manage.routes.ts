import {
  errorBody,
  eventHoldDto,
  eventHoldsQuery,
  idField,
  manageOrderDto,
  manageOrderPage,
  manageOrdersExportQuery,
  manageOrdersQuery,
  orderActionBody,
  orderLookupBody,
  orderLookupResponse,
  orderDto,
  manageTransferOrderBody,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsvDownload } from '../../plugins/csv-download.ts';
import { actingOrganiser, currentActor } from '../../plugins/access.ts';
import { organiserApp, organiserErrors, routeSchemas } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { OrdersManageService } from './orders.manage.service.ts';

const orderParams = z.object({ orderId: idField });

export const ORDER_ACTION_MESSAGES = {
  resent: 'The tickets have been sent to the buyer again.',
  markedPaid: 'The order is marked paid and the tickets are on their way to the buyer.',
  cancelled: 'The order is cancelled and its tickets are back on sale.',
  refunded: 'The order is marked refunded and its tickets are back on sale.',
  refundedThroughPaystack:
    'The order is refunded: Paystack is returning the money to the buyer, and its tickets are back on sale.',
  paymentReturned: 'Paystack is returning the money this order could not take to the buyer.',
  released: 'The hold is released and its tickets are back on sale.',
  transferred:
    'The order is transferred: the new holder has been sent their tickets with a new code, and the old code no longer works.',
} as const;

/**
 * The organiser's orders under /api/v1/events/manage/orders (the web's
 * /events/manage/orders/). A login is checked first (401), then ownership: another
 * organiser's order or event answers 404.
 */
export function manageOrderRoutes(
  service: OrdersManageService,
  auth: AuthService,
): FastifyPluginAsync {
  return async (base) => {
    const app = organiserApp(base, auth, 'manage');
    const { route, answers } = routeSchemas({
      tags: ['organiser: orders'],
      errors: organiserErrors,
    });

    app.get('/', {
      schema: route("Every order of the organiser's events, newest first: search, filters, pages", {
        description:
          '`q` matches the buyer’s name, email or phone (contains, any case) and the order code (starts with). `from`/`to` are inclusive Lagos calendar days of when the order was placed. `eventId` of an event that is not yours answers 404.',
        querystring: manageOrdersQuery,
        response: answers(manageOrderPage),
      }),
      handler: async (request) => ({
        data: await service.list(actingOrganiser(request), request.query),
      }),
    });

    app.get('/holds', {
      schema: route(
        "An event's open holds (pending orders): who, how many tickets, until when, offline-confirmed or not",
        {
          querystring: eventHoldsQuery,
          response: answers(z.array(eventHoldDto)),
        },
      ),
      handler: async (request) => ({
        data: await service.holds(actingOrganiser(request), request.query.eventId),
      }),
    });

    app.post('/:orderId/release', {
      schema: route(
        'Release a hold: the pending order is cancelled and its tickets go back on sale',
        {
          params: orderParams,
          response: answers(orderDto),
        },
      ),
      handler: async (request) => ({
        data: await service.releaseHold(
          actingOrganiser(request),
          request.params.orderId,
          currentActor(request).userId,
        ),
        message: ORDER_ACTION_MESSAGES.released,
      }),
    });

    app.get('/export.csv', {
      schema: route('The orders matching the same filters as CSV, streamed (any number of rows)', {
        description:
          'UTF-8 with a BOM, CRLF line ends, one row per order, amounts in naira with two decimals, times in Lagos. Cells that start with = + - @ get a leading apostrophe so spreadsheets never run them. Rows are read in batches as the client downloads (chunked transfer), so memory does not grow with the export.',
        querystring: manageOrdersExportQuery,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...organiserErrors },
      }),
      handler: async (request, reply) => {
        const stream = await service.exportCsv(actingOrganiser(request), request.query);
        return sendCsvDownload(reply, 'orders', stream);
      },
    });

    app.get('/:orderId', {
      schema: route('One order: items, payment, check-in, history and the actions allowed now', {
        params: orderParams,
        response: answers(manageOrderDto),
      }),
      handler: async (request) => ({
        data: await service.detail(actingOrganiser(request), request.params.orderId),
      }),
    });

    app.post('/:orderId/resend-tickets', {
      schema: route("Mail the buyer's tickets again (completed orders)", {
        params: orderParams,
        response: answers(manageOrderDto),
      }),
      handler: async (request) => ({
        data: await service.resendTickets(
          actingOrganiser(request),
          request.params.orderId,
          currentActor(request).userId,
        ),
        message: ORDER_ACTION_MESSAGES.resent,
      }),
    });

    app.post('/:orderId/mark-paid', {
      schema: route(
        'Mark a pending (offline) order paid: it completes and the tickets are mailed',
        {
          params: orderParams,
          response: answers(manageOrderDto),
        },
      ),
      handler: async (request) => ({
        data: await service.markPaid(
          actingOrganiser(request),
          request.params.orderId,
          currentActor(request).userId,
        ),
        message: ORDER_ACTION_MESSAGES.markedPaid,
      }),
    });

    app.post('/:orderId/transfer', {
      schema: route(
        "Transfer a completed order on its buyer's behalf: a new code is mailed to the new holder and the old code stops working",
        {
          description:
            'Allowed whatever the event’s transfer setting (that setting governs buyers). A checked-in order, a cancelled or ended event, an order transferred ORDER_TRANSFERS_PER_DAY times in 24 hours: 409. `orderCode` is the code the organiser saw: an order transferred since is refused (409); without it, an order transferred in the last 5 minutes is refused, so a repeated request moves it once.',
          params: orderParams,
          body: manageTransferOrderBody,
          response: answers(manageOrderDto),
        },
      ),
      handler: async (request) => ({
        data: await service.transfer(
          actingOrganiser(request),
          request.params.orderId,
          request.body,
          currentActor(request).userId,
        ),
        message: ORDER_ACTION_MESSAGES.transferred,
      }),
    });

    app.post('/:orderId/cancel', {
      schema: route('Cancel a pending or completed order; its tickets go back on sale', {
        params: orderParams,
        body: orderActionBody,
        response: answers(manageOrderDto),
      }),
      handler: async (request) => ({
        data: await service.cancel(
          actingOrganiser(request),
          request.params.orderId,
          request.body.reason,
          currentActor(request).userId,
        ),
        message: ORDER_ACTION_MESSAGES.cancelled,
      }),
    });

    app.post('/:orderId/refund', {
      schema: route(
        'Refund an order: with Paystack enabled, its Paystack payments (and any it could not take) are refunded through Paystack first; a completed order is then marked refunded and its tickets go back on sale. 502 when Paystack refuses (nothing changed).',
        {
          params: orderParams,
          body: orderActionBody,
          response: { ...answers(manageOrderDto), 502: errorBody },
        },
      ),
      handler: async (request) => {
        const { order, refunded } = await service.refund(
          actingOrganiser(request),
          request.params.orderId,
          request.body.reason,
          currentActor(request).userId,
        );
        return {
          data: order,
          message:
            order.status !== 'refunded'
              ? ORDER_ACTION_MESSAGES.paymentReturned
              : refunded.length
                ? ORDER_ACTION_MESSAGES.refundedThroughPaystack
                : ORDER_ACTION_MESSAGES.refunded,
        };
      },
    });
  };
}

/** The buyer's way back to an order (web /orders/{code}): POST /api/v1/orders/lookup. */
export function orderLookupRoutes(service: OrdersManageService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.post('/lookup', {
      schema: {
        tags: ['checkout'],
        summary: 'Find an order by its code and the email it was bought with',
        description:
          "Answers the order and a fresh access token (use it as X-Order-Token for 24 hours) only when the email matches. A wrong code and a wrong email get the same 404 sentence. Rate-limited per address (30 per 15 minutes), and wrong tries per address (30 an hour) and per address and order code (10 an hour), so a stranger's wrong tries never lock the buyer out: 429 with Retry-After.",
        body: orderLookupBody,
        response: { 200: orderLookupResponse, 400: errorBody, 404: errorBody, 429: errorBody },
      },
      handler: async (request) => ({
        data: await service.lookup(request.body.orderCode, request.body.email, request.ip),
      }),
    });
  };
}
