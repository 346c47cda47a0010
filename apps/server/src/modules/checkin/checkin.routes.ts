import {
  doorListsDto,
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
    const eventParams = z.object({ eventId: z.uuid({ error: 'This event was not found.' }) });

    app.get('/event/:eventId', {
      schema: {
        tags,
        summary:
          "The event's orders that may enter, with when each was let in (owner, managers, door stewards of the event)",
        security: [{ bearer: [] }],
        description:
          "With `list`, the check-in list being checked (decision 084): its orders, with when each was let in there, and the event's other orders among `refused` (reason other_list, with the ticket type and the list that takes it). A door steward given a list of this event always gets that list.",
        params: eventParams,
        querystring: z.object({
          list: z.uuid({ error: 'This check-in list was not found.' }).optional(),
        }),
        response: {
          200: z.object({
            data: z.array(doorOrderDto),
            /** Beside the spec's list: codes the door refuses, and why (issue 24 §1). */
            refused: z.array(doorRefusedCode),
            /** The check-in list this door checks (absent: the whole event). */
            list: z.object({ id: z.string(), name: z.string() }).optional(),
          }),
          ...errors,
        },
      },
      handler: async (request) => {
        const { data, refused, list } = await checkin.door(
          currentActor(request),
          request.params.eventId,
          request.query.list,
        );
        return { data, refused, ...(list ? { list } : {}) };
      },
    });

    app.get('/event/:eventId/lists', {
      schema: {
        tags,
        summary:
          "The event's check-in lists a door may check, and the one the caller was given (owner, managers, door stewards of the event)",
        security: [{ bearer: [] }],
        params: eventParams,
        response: { 200: z.object({ data: doorListsDto }), ...errors },
      },
      handler: async (request) => ({
        data: await checkin.lists.forDoor(currentActor(request), request.params.eventId),
      }),
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
          request.body.listId,
        ),
      }),
    });
  };
}
