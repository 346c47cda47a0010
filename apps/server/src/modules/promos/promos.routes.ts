import {
  createPromoCodeBody,
  envelope,
  idField,
  messageEnvelope,
  promoCodeDto,
  promoCodesQuery,
  shareKitDto,
  updatePromoCodeBody,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessFor, actingOrganiser } from '../../plugins/access.ts';
import { requireUser } from '../../plugins/auth.ts';
import { organiserErrors } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { PROMO_MESSAGES, type PromosService } from './promos.service.ts';

const idParams = z.object({ id: idField });
const eventParams = z.object({ eventId: idField });

/**
 * Marketing (the web's /events/manage/marketing/): promo codes under
 * /api/v1/events/manage/promo-codes and the share kit under
 * /api/v1/events/manage/share-kit/{eventId}. Login first (401), then ownership (404).
 */
export function promoRoutes(promos: PromosService, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireUser(auth));
    app.addHook('onRoute', accessFor('manage', 'promo'));
    const tags = ['organiser: marketing'];
    const security = [{ bearer: [] }];

    app.get('/promo-codes', {
      schema: {
        tags,
        security,
        summary: "The organiser's promo codes (all events, or one), newest first, with usage",
        querystring: promoCodesQuery,
        response: { 200: envelope(z.array(promoCodeDto)), ...organiserErrors },
      },
      handler: async (request) => ({
        data: await promos.list(actingOrganiser(request), request.query.eventId),
      }),
    });

    app.post('/promo-codes', {
      schema: {
        tags,
        security,
        summary: 'Create a promo code for one of your events (409 PROMO_CODE_TAKEN if it exists)',
        body: createPromoCodeBody,
        response: { 201: envelope(promoCodeDto), ...organiserErrors },
      },
      handler: async (request, reply) => {
        const promo = await promos.create(actingOrganiser(request), request.body);
        return reply.status(201).send({ data: promo, message: PROMO_MESSAGES.created });
      },
    });

    app.get('/promo-codes/:id', {
      schema: {
        tags,
        security,
        summary: 'One promo code with its usage figures',
        params: idParams,
        response: { 200: envelope(promoCodeDto), ...organiserErrors },
      },
      handler: async (request) => ({
        data: await promos.get(actingOrganiser(request), request.params.id),
      }),
    });

    app.patch('/promo-codes/:id', {
      schema: {
        tags,
        security,
        summary:
          'Change a promo code (partial; null clears maxUses/startsAt/endsAt). maxUses cannot go below the uses so far (409).',
        params: idParams,
        body: updatePromoCodeBody,
        response: { 200: envelope(promoCodeDto), ...organiserErrors },
      },
      handler: async (request) => ({
        data: await promos.update(actingOrganiser(request), request.params.id, request.body),
        message: PROMO_MESSAGES.updated,
      }),
    });

    app.delete('/promo-codes/:id', {
      schema: {
        tags,
        security,
        summary: 'Delete a promo code no order has used (409 otherwise: switch it off instead)',
        params: idParams,
        response: { 200: messageEnvelope, ...organiserErrors },
      },
      handler: async (request) => {
        await promos.remove(actingOrganiser(request), request.params.id);
        return { data: { message: PROMO_MESSAGES.deleted }, message: PROMO_MESSAGES.deleted };
      },
    });

    app.get('/share-kit/:eventId', {
      schema: {
        tags,
        security,
        summary:
          "A published event's share kit: its public link, a QR preview and the poster paths",
        params: eventParams,
        response: { 200: envelope(shareKitDto), ...organiserErrors },
      },
      handler: async (request) => ({
        data: await promos.shareKit(actingOrganiser(request), request.params.eventId),
      }),
    });

    for (const format of ['png', 'pdf'] as const) {
      app.get(`/share-kit/:eventId/poster.${format}`, {
        schema: {
          tags,
          security,
          summary: `A printable A4 poster with the event's QR code, as ${format.toUpperCase()}`,
          params: eventParams,
          produces: [format === 'png' ? 'image/png' : 'application/pdf'],
          response: {
            200: z.unknown().describe(format === 'png' ? 'image/png' : 'application/pdf'),
            ...organiserErrors,
          },
        },
        handler: async (request, reply) => {
          const poster = await promos.poster(
            actingOrganiser(request),
            request.params.eventId,
            format,
          );
          return reply
            .type(format === 'png' ? 'image/png' : 'application/pdf')
            .header('content-disposition', `attachment; filename="${poster.filename}"`)
            .header('cache-control', 'private, no-store')
            .send(poster.bytes);
        },
      });
    }
  };
}
