import {
  claimOfferBody,
  errorBody,
  eventWaitlistDto,
  idField,
  joinWaitlistBody,
  joinWaitlistResponse,
  leaveWaitlistBody,
  leaveWaitlistResponse,
  orderLookupResponse,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOrganiser } from '../../plugins/access.ts';
import { organiserApp, routeSchemas } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { placeSentence } from './waitlist.mails.ts';
import type { WaitlistService } from './waitlist.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

export const WAITLIST_MESSAGES = {
  joined: (place: number) =>
    `You are on the waiting list. ${placeSentence(place)} If tickets come back, we will email you an offer to pay for them.`,
  claimed: 'These tickets are held for you. Pay for them before the offer ends.',
  removed: 'The person is off the waiting list.',
  left: 'You have left the waiting list. We will not email you about these tickets again.',
} as const;

/** The buyer's side under /api/v1/waitlist: join a sold-out type's line; open a mailed offer. */
export function waitlistRoutes(waitlist: WaitlistService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['waiting list'];

    app.post('/', {
      schema: {
        tags,
        summary: 'Join the waiting list of a sold-out ticket type (name, email, quantity)',
        description:
          'Only while the type is sold out (409 otherwise), for at most its per-order limit. The answer says where the person stands in line (place, 1 = first); the same email joining the same type again keeps its place and is told it again. Rate-limited per address (10 an hour): 429 with Retry-After.',
        body: joinWaitlistBody,
        response: { 201: joinWaitlistResponse, ...errors },
      },
      handler: async (request, reply) => {
        const data = await waitlist.join(request.body, request.ip);
        return reply.status(201).send({ data, message: WAITLIST_MESSAGES.joined(data.place) });
      },
    });

    app.post('/claim', {
      schema: {
        tags,
        summary:
          'Open a waiting-list offer from its mailed link: the held order and a token to pay for it',
        description:
          'Answers the pending order holding the offered tickets and an access token (X-Order-Token) for the checkout pages; a free offer completes at once. 409 once the offer has expired (the tickets went to the next person).',
        body: claimOfferBody,
        response: { 200: orderLookupResponse, ...errors },
      },
      handler: async (request) => ({
        data: await waitlist.claim(request.body.token, request.ip),
        message: WAITLIST_MESSAGES.claimed,
      }),
    });

    app.post('/leave', {
      schema: {
        tags,
        summary: 'Leave the waiting list from the link in its mails (no login)',
        description:
          'The token is the signed one from the join confirmation or the offer mail. The place is given up at once; an open offer is withdrawn and its tickets pass to the next person. Leaving again answers the same; 404 for a link that is not valid, 409 once the place was used or ended. Rate-limited per address like the claim link (30 tries in 15 minutes): 429 with Retry-After.',
        body: leaveWaitlistBody,
        response: { 200: leaveWaitlistResponse, ...errors },
      },
      handler: async (request) => ({
        data: await waitlist.leave(request.body.token, request.ip),
        message: WAITLIST_MESSAGES.left,
      }),
    });
  };
}

/** The organiser's view under /api/v1/events/manage/{id}/waitlist: login, then ownership (404). */
export function manageWaitlistRoutes(
  waitlist: WaitlistService,
  auth: AuthService,
): FastifyPluginAsync {
  return async (base) => {
    const app = organiserApp(base, auth, 'manage');
    const { route, answers } = routeSchemas({
      tags: ['organiser: waiting list'],
      errors: { 401: errorBody, 403: errorBody, 404: errorBody },
    });
    // `:id` like the events routes beside them (one parameter name per path position).
    const eventParams = z.object({ id: idField });

    app.get('/:id/waitlist', {
      schema: route(
        "An event's waiting list per ticket type: position, name, email, quantity, status and offer",
        {
          params: eventParams,
          response: answers(eventWaitlistDto),
        },
      ),
      handler: async (request) => ({
        data: await waitlist.list(actingOrganiser(request), request.params.id),
      }),
    });

    app.post('/:id/waitlist/:entryId/remove', {
      schema: route(
        'Take someone off the waiting list; an open offer is withdrawn and its tickets pass to the next person',
        {
          params: eventParams.extend({ entryId: idField }),
          response: { ...answers(eventWaitlistDto), 409: errorBody },
        },
      ),
      handler: async (request) => ({
        data: await waitlist.remove(
          actingOrganiser(request),
          request.params.id,
          request.params.entryId,
        ),
        message: WAITLIST_MESSAGES.removed,
      }),
    });
  };
}
