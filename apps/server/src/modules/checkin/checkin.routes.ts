import { negotiate } from '@fastify/accept-negotiator';
import {
  doorListCursor,
  doorListResponse,
  doorListsDto,
  doorOrderDto,
  doorRefusedCode,
  errorBody,
  markAttendedBody,
  markAttendedResponse,
} from '@gatepass/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
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

    app.get('/event/:eventId/compact', {
      schema: {
        tags,
        summary:
          "The door's own list, compact: rows as arrays, compressed; `?since=` a cursor it gave for only what changed (owner, managers, door stewards of the event)",
        security: [{ bearer: [] }],
        params: eventParams,
        querystring: z.object({ since: doorListCursor.optional() }),
        response: { 200: doorListResponse, ...errors },
      },
      handler: async (request, reply) => {
        const answer = await checkin.doorList(
          currentActor(request),
          request.params.eventId,
          request.query.since ?? null,
        );
        // JSON text the service built (the schema above documents it): sent as it is.
        const raw = reply as unknown as FastifyReply;
        void raw.header('content-type', 'application/json; charset=utf-8');
        // A sync's answer is small: @fastify/compress encodes it (or not) as any other.
        if (!answer.full) return raw.send(answer.json);
        // The whole list was compressed once; its bytes are sent as they are kept.
        const coding = codingOf(request.headers['accept-encoding']);
        void raw.header('vary', 'accept-encoding');
        if (!coding) return raw.send(answer.entry.raw);
        void raw.header('content-encoding', coding);
        return raw.send(await answer.entry.encoded(coding));
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

/** br before gzip, as the server's compression prefers them; null: send it as it is. */
function codingOf(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const coding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ['br', 'gzip']);
  return coding === 'br' || coding === 'gzip' ? coding : null;
}
