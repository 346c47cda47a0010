import {
  envelope,
  errorBody,
  idField,
  joinQueueBody,
  queueStatusDto,
  waitingRoomDto,
  waitingRoomSettingsBody,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { actingOrganiser } from '../../plugins/access.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { organiserApp, organiserErrors, routeSchemas } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { carriedAnswer, carriedPlace, cookieWithCarried } from './waiting-room.cookies.ts';
import { refreshSeconds, renderQueuePage } from './waiting-room.page.ts';
import type { WaitingRoomService } from './waiting-room.service.ts';

// `:id`, as every route under /events/manage/{event} is named in the router (one name per
// segment); the security matrix reads an `:id` after `manage` as the event's id.
const eventParams = z.object({ id: idField });
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const EVENT_NOT_FOUND = 'This event was not found.';

/**
 * The organiser's controls: GET and PUT /api/v1/events/manage/{id}/waiting-room (the event's id).
 * Login first (401), then ownership (404).
 */
export function waitingRoomManageRoutes(
  rooms: WaitingRoomService,
  auth: AuthService,
): FastifyPluginAsync {
  return async (base) => {
    const app = organiserApp(base, auth, 'manage');
    const { route, answers } = routeSchemas({
      tags: ['organiser: waiting room'],
      errors: organiserErrors,
    });

    app.get('/:id/waiting-room', {
      schema: route(
        "The event's waiting room: settings and live figures (joined, admitted, waiting, sales)",
        {
          params: eventParams,
          response: answers(waitingRoomDto),
        },
      ),
      handler: async (request) => ({
        data: await rooms.organiser.get(actingOrganiser(request), request.params.id),
      }),
    });

    app.put('/:id/waiting-room', {
      schema: route(
        'Turn the waiting room on or off; set its on-sale time, admission rate, time to buy, and pause',
        {
          description:
            'Turning it on starts a new, empty queue. The on-sale time cannot change once it has passed (409). A new rate or a pause applies from now; whoever was admitted stays admitted.',
          params: eventParams,
          body: waitingRoomSettingsBody,
          response: answers(waitingRoomDto),
        },
      ),
      handler: async (request) => ({
        data: await rooms.organiser.update(
          actingOrganiser(request),
          request.params.id,
          request.body,
        ),
        message: 'Waiting room saved.',
      }),
    });
  };
}

/**
 * The visitor's place as JSON: GET /api/v1/waiting-room/{slug}/status (joins if new, except
 * the pre-queue, which asks for a proof first), and POST /api/v1/waiting-room/{slug}/join
 * with the proof (decision 055).
 */
export function waitingRoomPublicRoutes(
  rooms: WaitingRoomService,
  auth: AuthService,
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get('/:slug/status', {
      schema: {
        tags: ['waiting room'],
        summary:
          "The visitor's place in the event's queue, joining it if new (the visitor is the gp_wr cookie)",
        description:
          'Once admitted, the answer sets the admission pass cookie that POST /orders needs while the room is on (or send it as X-Waiting-Room-Pass). A client without cookies (the widget in a frame on another site, decision 074) sends X-Waiting-Room-Carry: 1 and gets the visitor and the pass as the X-Waiting-Room-Visitor and X-Waiting-Room-Pass answer headers, and sends the visitor back in X-Waiting-Room-Visitor (and the place, X-Waiting-Room-Place, likewise: a placed visitor’s poll is answered from the room’s clock until their turn may have come). Before the on-sale time a visitor not yet in the pre-queue is answered `check` with a proof-of-work challenge (solve it and POST /join), or `signin` when the room asks for an account; `limited` when this address has taken its new places for the minute.',
        params: slugParams,
        // `again=1`: a visitor whose turn ended or was used takes a new place at the back
        // (what the queue page's ?again=1 does, for the widget's queue screen).
        querystring: z.object({ again: z.enum(['1']).optional() }),
        response: { 200: envelope(queueStatusDto), 404: errorBody },
      },
      handler: async (request, reply) => {
        const visit = await rooms.visit(request.params.slug, {
          cookie: cookieWithCarried(request.headers),
          place: carriedPlace(request.headers),
          ip: request.ip,
          rejoin: request.query.again === '1',
        });
        if (!visit) throw notFound(EVENT_NOT_FOUND);
        if (visit.cookies.length) void reply.header('set-cookie', visit.cookies);
        void reply.headers(carriedAnswer(request.headers, visit.cookies));
        return { data: visit.status };
      },
    });

    app.post('/:slug/join', {
      schema: {
        tags: ['waiting room'],
        summary: 'Join the pre-queue with a solved challenge, or as the signed-in account',
        description:
          'The challenge is the one GET /status gave this browser (it names the room and the visitor, and ends after ten minutes). A room that asks for an account takes the bearer token instead: one place per account. 403 WAITING_ROOM when neither holds.',
        params: slugParams,
        body: joinQueueBody,
        response: { 200: envelope(queueStatusDto), 403: errorBody, 404: errorBody },
      },
      handler: async (request, reply) => {
        const token = bearerToken(request);
        const user = token ? await auth.authenticate(token) : undefined;
        const visit = await rooms.visit(request.params.slug, {
          cookie: cookieWithCarried(request.headers),
          ip: request.ip,
          join: { proof: request.body.proof, userId: user?.id },
        });
        if (!visit) throw notFound(EVENT_NOT_FOUND);
        if (visit.cookies.length) void reply.header('set-cookie', visit.cookies);
        void reply.headers(carriedAnswer(request.headers, visit.cookies));
        return { data: visit.status };
      },
    });
  };
}

/**
 * The queue page, /events/{slug}/queue: HTML written here, before the web app's fallback.
 * An admitted visitor is sent on to checkout; a room that is off sends them to the event.
 * `?again=1` gives a visitor whose turn ended or was used a new place at the back.
 */
export function queuePageRoutes(rooms: WaitingRoomService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get('/events/:slug/queue', {
      schema: {
        hide: true,
        params: slugParams,
        querystring: z.object({ again: z.string().max(5).optional() }),
      },
      handler: async (request, reply) => {
        const { slug } = request.params;
        const selfUrl = `/events/${encodeURIComponent(slug)}/queue`;
        const visit = await rooms.visit(slug, {
          cookie: cookieWithCarried(request.headers),
          ip: request.ip,
          rejoin: request.query.again === '1',
        });
        if (!visit) {
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(
              '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found · Gatepass</title></head><body><p>This event was not found. <a href="/events">See all events</a></p></body></html>',
            );
        }
        if (visit.cookies.length) void reply.header('set-cookie', visit.cookies);
        if (request.query.again !== undefined) return reply.redirect(selfUrl, 303);
        const { status } = visit;
        if ((status.state === 'admitted' || status.state === 'open') && status.next) {
          return reply.redirect(status.next, 303);
        }
        if (status.state === 'check' || status.state === 'signin' || status.state === 'limited') {
          // Joining the pre-queue needs the web app's join screen (it solves the check).
          return reply.redirect(`${selfUrl}/join`, 303);
        }
        return reply.type('text/html; charset=utf-8').send(
          renderQueuePage(status, {
            timeZone: visit.timeZone,
            refresh: refreshSeconds(status, new Date(), Math.random()),
            selfUrl,
          }),
        );
      },
    });
  };
}
