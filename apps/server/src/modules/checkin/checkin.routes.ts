import {
  doorOrderDto,
  doorRefusedCode,
  errorBody,
  markAttendedBody,
  markAttendedResponse,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessFor, currentActor, deviceOf } from '../../plugins/access.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CheckinService } from './checkin.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The spec's §7 door calls, kept at their exact paths under /api/v1/ticketPurchase. */
export function checkinRoutes(checkin: CheckinService, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['door'];
    app.addHook('onRequest', requireUser(auth));
    // Owner, managers and door stewards alike; a steward only at the events they were given.
    app.addHook('onRoute', accessFor('door'));

    app.get('/event/:eventId', {
      schema: {
        tags,
        summary:
          "The event's orders that may enter, with when each was let in (owner, managers, door stewards of the event)",
        security: [{ bearer: [] }],
        params: z.object({ eventId: z.uuid({ error: 'This event was not found.' }) }),
        response: {
          200: z.object({
            data: z.array(doorOrderDto),
            /** Beside the spec's list: codes the door refuses, and why (issue 24 §1). */
            refused: z.array(doorRefusedCode),
          }),
          ...errors,
        },
      },
      handler: async (request) => {
        const actor = currentActor(request);
        const [data, refused] = await Promise.all([
          checkin.doorOrders(actor.organiserId, request.params.eventId),
          checkin.refusedCodes(actor, request.params.eventId),
        ]);
        return { data, refused };
      },
    });

    app.post('/mark-attended', {
      schema: {
        tags,
        summary:
          'Check codes in; idempotent, the first scan keeps its time (owner, managers, door stewards of the event)',
        security: [{ bearer: [] }],
        body: markAttendedBody,
        response: { 200: markAttendedResponse, ...errors },
      },
      handler: async (request) => ({
        data: await checkin.markAttended(
          { ...currentActor(request), deviceId: deviceOf(request) },
          request.body.eventId,
          request.body.ticketCodes,
        ),
      }),
    });
  };
}
