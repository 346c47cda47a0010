import {
  createTrackingLinkBody,
  errorBody,
  eventTrackingDto,
  organiserTrackingDto,
  trackingLinkDto,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOrganiser } from '../../plugins/access.ts';
import { organiserApp, organiserErrors, routeSchemas } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { TRACKING_NOT_FOUND, type TrackingService } from './tracking.service.ts';

// 403: a team member whose role may not do this (the owner's own pages).
const errors = { ...organiserErrors, 403: errorBody };

/**
 * The public page's view beacon, under /api/v1/events/{slug}/view. Answers 204 at once: the
 * view is counted in memory and saved in aggregate (decision 071). Any body is taken; what
 * it cannot read is ignored.
 */
export function trackingPublicRoutes(tracking: TrackingService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // navigator.sendBeacon sends its JSON as text/plain (a simple request: no preflight).
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => {
        try {
          done(null, JSON.parse(String(body || '{}')));
        } catch {
          done(null, {});
        }
      },
    );
    app.post('/:slug/view', {
      bodyLimit: 1024,
      schema: {
        tags: ['events'],
        summary: "Count a view of a published event's page (the page's beacon, after it renders)",
        description:
          'Body `{ "ref"?: tracking link code, "via"?: "widget" }`, as JSON or text. Counted in aggregate per event, link and channel; no visitor is identified, no cookie set.',
        params: z.object({ slug: z.string().max(200) }),
        response: { 204: z.null() },
      },
      handler: async (request, reply) => {
        tracking.view(request.params.slug, request.body, request.headers['user-agent']);
        return reply.code(204).send(null);
      },
    });
  };
}

/** An event's tracking links and figures, and the organiser's (Finances), under /events/manage. */
export function trackingManageRoutes(
  tracking: TrackingService,
  auth: AuthService,
): FastifyPluginAsync {
  return async (base) => {
    const app = organiserApp(base, auth, 'manage');
    const { route, answers } = routeSchemas({ tags: ['organiser: tracking'], errors });
    const idParams = z.object({ id: z.uuid({ error: TRACKING_NOT_FOUND }) });

    app.get('/:id/tracking', {
      schema: route(
        "The event's tracking links and, per source (direct, widget, each link): views, checkout starts, orders, revenue",
        {
          params: idParams,
          response: answers(eventTrackingDto),
        },
      ),
      handler: async (request) => ({
        data: await tracking.forEvent(actingOrganiser(request), request.params.id),
      }),
    });

    app.post('/:id/tracking-links', {
      schema: route('Make a tracking link for the event: a name → …/events/{slug}?ref={code}', {
        params: idParams,
        body: createTrackingLinkBody,
        response: answers(trackingLinkDto, 201),
      }),
      handler: async (request, reply) => {
        const link = await tracking.createLink(
          actingOrganiser(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send({ data: link, message: 'Tracking link made.' });
      },
    });

    app.get('/finances/sources', {
      schema: route(
        'Where sales come from across the organiser’s events: direct, widget and each tracking link',
        {
          response: answers(organiserTrackingDto),
        },
      ),
      handler: async (request) => ({
        data: await tracking.forOrganiser(actingOrganiser(request)),
      }),
    });
  };
}
