import {
  confirmHoldBody,
  createOrderBody,
  createOrderResponse,
  envelope,
  errorBody,
  nameTicketBody,
  orderDto,
  sendTicketBody,
  ticketIndex,
  orderLookupResponse,
  payOrderBody,
  payOrderResponse,
  quoteBody,
  quoteDto,
  testPaymentBody,
  transferOrderBody,
  transferResultDto,
  type OrderDto,
  type PaystackChannel,
} from '@gatepass/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { WaitingRoomService } from '../waiting-room/waiting-room.service.ts';
import type { TrackingService } from '../tracking/tracking.service.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * Where the buyer's choice of how to pay goes: the payments module's `choose` (it starts a
 * provider's payment). Declared here, as this route needs it, so orders imports nothing of
 * payments (decision 060).
 */
export interface PaymentChooser {
  choose(
    orderId: string,
    accessToken: string,
    method: 'test' | 'offline' | 'paystack',
    clientAddress: string,
    channel?: PaystackChannel,
    /** The widget's host page, where Paystack sends the buyer back (decision 075). */
    returnTo?: string,
  ): Promise<OrderDto & { redirectUrl: string | null }>;
}

const errors = { 400: errorBody, 402: errorBody, 404: errorBody, 409: errorBody };
const orderParams = z.object({ orderId: z.uuid({ error: 'This order was not found.' }) });
const ticketParams = orderParams.extend({ index: ticketIndex });
const tokenHeader = z.object({ 'x-order-token': z.string().max(200).optional() });

/** The order's access token: the `X-Order-Token` header the checkout got when creating it. */
function orderToken(request: FastifyRequest): string {
  const token = request.headers['x-order-token'];
  if (typeof token !== 'string' || token.length === 0) throw notFound('This order was not found.');
  return token;
}

/** Checkout: anyone may buy (guests too); a signed-in buyer's order is linked to them. */
export function orderRoutes(
  orders: Pick<OrdersService, 'checkout' | 'settlement' | 'transfers' | 'reads' | 'named'>,
  auth: AuthService,
  payments: PaymentChooser,
  waitingRoom: Pick<WaitingRoomService, 'admitCheckout'>,
  tracking: Pick<TrackingService, 'orderStarted'>,
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['checkout'];

    app.post('/quote', {
      schema: {
        tags,
        summary: 'Price a basket (subtotal, discount, fee, total) without holding tickets',
        body: quoteBody,
        response: { 200: envelope(quoteDto), ...errors },
      },
      handler: async (request) => ({ data: await orders.checkout.quote(request.body) }),
    });

    app.post('/', {
      schema: {
        tags,
        summary: 'Create an order and hold its tickets; free orders complete at once',
        description:
          "While the event's waiting room is on, the order needs the visitor's admission pass (its cookie, or the X-Waiting-Room-Pass header, with the visitor's gp_wr cookie): without a valid, unused one the answer is 403 WAITING_ROOM with the queue's link in `details.queueUrl`. The pass is used by the order it makes.",
        body: createOrderBody,
        response: { 201: createOrderResponse, ...errors, 403: errorBody, 429: errorBody },
      },
      handler: async (request, reply) => {
        const token = bearerToken(request);
        const user = token ? await auth.authenticate(token) : undefined;
        const giveBackPass = await waitingRoom.admitCheckout(request.body.eventId, request.headers);
        let result;
        try {
          result = await orders.checkout.create(request.body, user?.id ?? null, request.ip);
        } catch (err) {
          // A refused order leaves the turn unused.
          await giveBackPass();
          throw err;
        }
        // Where the checkout came from (issue 26 §4): never fails the sale.
        await tracking.orderStarted(result.order.id, request.body.source);
        return reply.status(201).send({
          data: result,
          message:
            result.order.status === 'completed'
              ? 'Your tickets are confirmed.'
              : 'Your tickets are held while you pay.',
        });
      },
    });

    app.get('/:orderId', {
      schema: {
        tags,
        summary: 'The order, for the browser holding its X-Order-Token',
        params: orderParams,
        headers: tokenHeader,
        response: { 200: envelope(orderDto), ...errors },
      },
      handler: async (request) => ({
        data: await orders.reads.getForBuyer(request.params.orderId, orderToken(request)),
      }),
    });

    app.post('/:orderId/pay', {
      schema: {
        tags,
        summary:
          'Choose the TEST provider, offline payment or Paystack; `redirectUrl` is where to send the buyer next',
        params: orderParams,
        headers: tokenHeader,
        body: payOrderBody,
        response: { 200: payOrderResponse, ...errors, 429: errorBody, 502: errorBody },
      },
      handler: async (request) => ({
        data: await payments.choose(
          request.params.orderId,
          orderToken(request),
          request.body.method,
          request.ip,
          request.body.channel,
          request.body.returnTo, // the widget's host page (issue 26 §1, decision 075)
        ),
      }),
    });

    app.post('/confirm-hold', {
      schema: {
        tags,
        summary:
          "Confirm the buyer's email from the link mailed for an offline order: the order keeps its tickets for the event's offline hold",
        description:
          'The link works once, and only while the order still holds its tickets (the normal checkout hold). Answers the order and an access token (X-Order-Token) to read it.',
        body: confirmHoldBody,
        response: { 200: orderLookupResponse, ...errors },
      },
      handler: async (request) => ({
        data: await orders.settlement.confirmHold(request.body.token),
        message: 'Your email is confirmed and your tickets are held while you pay.',
      }),
    });

    app.post('/:orderId/transfer', {
      schema: {
        tags,
        summary:
          'Transfer the order to someone else: they are mailed a new code and QR, and this code stops working at once',
        description:
          "For the browser holding the order's X-Order-Token (from checkout or the email-checked lookup). Only a completed order that is not checked in, of an event that allows transfers; the answer names the new holder but never the new code. The old token stops working, so of several transfers sent at once with it one succeeds and the rest get 409 and send nothing; at most ORDER_TRANSFERS_PER_DAY transfers per order in 24 hours (409 beyond).",
        params: orderParams,
        headers: tokenHeader,
        body: transferOrderBody,
        response: { 200: envelope(transferResultDto), ...errors },
      },
      handler: async (request) => {
        const { order, transferredAt } = await orders.transfers.transferForBuyer(
          request.params.orderId,
          orderToken(request),
          request.body,
        );
        return {
          data: {
            firstName: order.first_name,
            lastName: order.last_name,
            email: order.email,
            transferredAt: transferredAt.toISOString(),
          },
          message: `Your tickets are now ${order.first_name}'s. We have emailed them a new ticket; your order code no longer works.`,
        };
      },
    });

    // Named tickets (issue 25 §2, decision 080) --------------------------------------------

    app.put('/:orderId/tickets/:index', {
      schema: {
        tags,
        summary: "Name one ticket's holder (a group order's ticket still with the buyer)",
        description:
          "For the browser holding the order's X-Order-Token. Until the event starts, or the organiser's cut-off; a held or completed order of two or more tickets. Naming sends nothing: the name shows on the order, to the organiser and at the door.",
        params: ticketParams,
        headers: tokenHeader,
        body: nameTicketBody,
        response: { 200: envelope(orderDto), ...errors },
      },
      handler: async (request) => ({
        data: await orders.named.nameTicket(
          request.params.orderId,
          orderToken(request),
          request.params.index,
          request.body,
        ),
        message: `Ticket ${request.params.index} is named for ${request.body.firstName} ${request.body.lastName}.`,
      }),
    });

    app.post('/:orderId/tickets/:index/send', {
      schema: {
        tags,
        summary:
          'Send one ticket to its holder: it becomes their own order (own code, QR, PDF); the rest stay with the buyer',
        description:
          "For the browser holding the order's X-Order-Token; a completed order not checked in, keeping at least one ticket. The ticket's number is checked on the order's locked row: of several identical requests at once one sends and the rest get 409 and send nothing. The answer is the buyer's order as it now stands; it never carries the new code.",
        params: ticketParams,
        headers: tokenHeader,
        body: sendTicketBody,
        response: { 200: envelope(orderDto), ...errors },
      },
      handler: async (request) => {
        const { order } = await orders.named.sendTicket(
          request.params.orderId,
          orderToken(request),
          request.params.index,
          request.body,
        );
        return {
          data: order,
          message: `Ticket ${request.params.index} is on its way to ${request.body.firstName}: we have emailed them their own ticket.`,
        };
      },
    });

    app.post('/:orderId/tickets/:index/transfer', {
      schema: {
        tags,
        summary:
          'Transfer one sent ticket to someone else: they get a new code, the old one stops working; the rest of the order is untouched',
        description:
          "For the browser holding the group order's X-Order-Token, where the event allows transfers. Checked on the ticket's locked row: a repeat of the same transfer finds the ticket already theirs and is refused.",
        params: ticketParams,
        headers: tokenHeader,
        body: transferOrderBody,
        response: { 200: envelope(transferResultDto), ...errors },
      },
      handler: async (request) => {
        const { order, transferredAt } = await orders.named.transferTicket(
          request.params.orderId,
          orderToken(request),
          request.params.index,
          request.body,
        );
        return {
          data: {
            firstName: order.first_name,
            lastName: order.last_name,
            email: order.email,
            transferredAt: transferredAt.toISOString(),
          },
          message: `Ticket ${request.params.index} is now ${order.first_name}'s. We have emailed them a new ticket; its old code no longer works.`,
        };
      },
    });

    app.post('/:orderId/test-payment', {
      schema: {
        tags,
        summary: 'The built-in TEST provider: succeed or fail a payment',
        params: orderParams,
        headers: tokenHeader,
        body: testPaymentBody,
        response: { 200: envelope(orderDto), ...errors },
      },
      handler: async (request) => ({
        data: await orders.settlement.completeTestPayment(
          request.params.orderId,
          orderToken(request),
          request.body.outcome,
        ),
        message: 'Payment received. Your tickets are confirmed.',
      }),
    });
  };
}
