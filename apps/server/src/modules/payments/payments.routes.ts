import {
  envelope,
  errorBody,
  orderDto,
  paymentMethodsDto,
  verifyPaymentBody,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { PaymentsService } from './payments.service.ts';

const orderParams = z.object({ orderId: z.uuid({ error: 'This order was not found.' }) });
const tokenHeader = z.object({ 'x-order-token': z.string().max(200).optional() });

/** Paystack's webhook bodies are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export function paymentRoutes(payments: PaymentsService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];

    app.get('/payments/methods', {
      schema: {
        tags,
        summary: 'Ways to pay this server offers (Paystack only when configured)',
        response: { 200: envelope(paymentMethodsDto) },
      },
      handler: async () => ({
        data: {
          methods: payments.methods(),
          ...(payments.paystackSandbox ? { paystackSandbox: true } : {}),
        },
      }),
    });

    app.post('/orders/:orderId/verify-payment', {
      schema: {
        tags,
        summary:
          'Back from Paystack: verify the payment with Paystack and confirm the order (X-Order-Token)',
        params: orderParams,
        headers: tokenHeader,
        body: verifyPaymentBody,
        response: {
          200: envelope(orderDto),
          400: errorBody,
          402: errorBody,
          404: errorBody,
          409: errorBody,
          502: errorBody,
        },
      },
      handler: async (request) => {
        const token = request.headers['x-order-token'];
        if (!token) throw notFound('This order was not found.');
        const order = await payments.verifyReturn(
          request.params.orderId,
          token,
          request.body.reference,
        );
        return {
          data: order,
          message:
            order.status === 'completed'
              ? 'Payment received. Your tickets are confirmed.'
              : !order.needsRefund
                ? undefined
                : order.status === 'expired'
                  ? 'Your payment arrived after your hold on the tickets expired and they sold out. You will be refunded in full.'
                  : 'We received your payment but could not confirm this order with it. You will be refunded in full.',
        };
      },
    });

    // The webhook signs its exact bytes, so this route (alone) keeps the raw body.
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      hook.post('/payments/paystack/webhook', {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags,
          summary:
            "Paystack's webhook: x-paystack-signature must be the HMAC-SHA512 of the raw body",
          response: {
            200: envelope(z.object({ received: z.boolean() })),
            400: errorBody,
            401: errorBody,
            404: errorBody,
          },
        },
        handler: async (request) => {
          const signature = request.headers['x-paystack-signature'];
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          await payments.webhook(raw, typeof signature === 'string' ? signature : undefined);
          return { data: { received: true } };
        },
      });
    });
  };
}
