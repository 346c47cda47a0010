import {
  createWebhookBody,
  envelope,
  errorBody,
  messageEnvelope,
  updateWebhookBody,
  webhookCreatedDto,
  webhookDeliveriesDto,
  webhookDeliveryDto,
  webhookEndpointDto,
  webhookEndpointsDto,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessFor, actingOrganiser } from '../../plugins/access.ts';
import { requireUser } from '../../plugins/auth.ts';
import { organiserErrors } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { WebhooksService } from './webhooks.service.ts';

// 403: a team member whose role may not do this (the owner's own pages).
const errors = { ...organiserErrors, 403: errorBody };
const security = [{ bearer: [] }];
const id = (what: string) => z.uuid({ error: `This ${what} was not found.` });

/**
 * The owner's webhook endpoints (web: Settings → Webhooks) under
 * /api/v1/events/manage/webhooks. Owner only: a manager or door steward gets 403.
 */
export function webhookRoutes(webhooks: WebhooksService, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireUser(auth));
    app.addHook('onRoute', accessFor('owner'));
    const tags = ['organiser: webhooks'];
    const endpointParams = z.object({ webhookId: id('webhook endpoint') });
    const deliveryParams = endpointParams.extend({ deliveryId: id('delivery') });

    app.get('/webhooks', {
      schema: {
        tags,
        security,
        summary: 'The webhook endpoints (owner only)',
        response: { 200: envelope(webhookEndpointsDto), ...errors },
      },
      handler: async (request) => ({ data: await webhooks.list(actingOrganiser(request)) }),
    });

    app.post('/webhooks', {
      schema: {
        tags,
        security,
        summary: 'Register a webhook endpoint; answers its signing secret, this once (owner only)',
        description:
          'The URL must be https:// and must not point at a private, local or metadata address (checked now and at every delivery). Deliveries are JSON POSTs signed with HMAC-SHA256 over `{timestamp}.{body}` — see docs/integrations.md.',
        body: createWebhookBody,
        response: { 201: envelope(webhookCreatedDto), ...errors },
      },
      handler: async (request, reply) => {
        const created = await webhooks.create(actingOrganiser(request), request.body);
        return reply.status(201).send({
          data: created,
          message: 'Webhook endpoint added. Copy its secret now: it is not shown again.',
        });
      },
    });

    app.patch('/webhooks/:webhookId', {
      schema: {
        tags,
        security,
        summary:
          'Change an endpoint: URL, events, description, on/off. Turning a paused endpoint on sends its held deliveries (owner only)',
        params: endpointParams,
        body: updateWebhookBody,
        response: { 200: envelope(webhookEndpointDto), ...errors },
      },
      handler: async (request) => ({
        data: await webhooks.update(
          actingOrganiser(request),
          request.params.webhookId,
          request.body,
        ),
        message: 'Webhook endpoint saved.',
      }),
    });

    app.delete('/webhooks/:webhookId', {
      schema: {
        tags,
        security,
        summary: 'Delete an endpoint and its delivery log (owner only)',
        params: endpointParams,
        response: { 200: messageEnvelope, ...errors },
      },
      handler: async (request) => {
        await webhooks.remove(actingOrganiser(request), request.params.webhookId);
        const message = 'Webhook endpoint deleted.';
        return { data: { message }, message };
      },
    });

    app.get('/webhooks/:webhookId/deliveries', {
      schema: {
        tags,
        security,
        summary: "An endpoint's latest deliveries with each attempt's answer code (owner only)",
        params: endpointParams,
        response: { 200: envelope(webhookDeliveriesDto), ...errors },
      },
      handler: async (request) => ({
        data: await webhooks.deliveries(actingOrganiser(request), request.params.webhookId),
      }),
    });

    app.post('/webhooks/:webhookId/deliveries/:deliveryId/redeliver', {
      schema: {
        tags,
        security,
        summary:
          'Send a delivery again: same body and Gatepass-Delivery id, signed anew (owner only)',
        params: deliveryParams,
        response: { 200: envelope(webhookDeliveryDto), ...errors },
      },
      handler: async (request) => ({
        data: await webhooks.redeliver(
          actingOrganiser(request),
          request.params.webhookId,
          request.params.deliveryId,
        ),
        message: 'Delivery queued again.',
      }),
    });
  };
}
