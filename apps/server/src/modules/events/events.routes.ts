import {
  cancelEventBody,
  createEventBody,
  createTicketTypeBody,
  envelope,
  errorBody,
  manageEventDto,
  manageEventListItem,
  manageTicketTypeDto,
  messageEnvelope,
  accessCodeBody,
  publicEventDto,
  publicEventPage,
  unlockedTicketTypesDto,
  publicEventsQuery,
  updateEventBody,
  updateTicketTypeBody,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessFor, actingOrganiser } from '../../plugins/access.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { readUploadedFile } from '../media/media.upload.ts';
import { EVENT_MESSAGES, type EventsService } from './events.service.ts';

const manageErrors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.string().max(64) });
const ticketTypeParams = z.object({ id: z.string().max(64), ticketTypeId: z.string().max(64) });
const slugParams = z.object({ slug: z.string().max(200) });
const message = (text: string) => ({ data: { message: text }, message: text });

/**
 * Events under /api/v1/events. Public reads at /events, /events/{slug} and
 * /events/{slug}/calendar.ics; the organiser's own events under /events/manage (mirroring
 * the web's /events/manage/… pages). Every /manage route needs a login (401 first, before
 * anything else is looked at) and answers 404 for an event the caller does not own.
 */
export function eventsRoutes(
  events: EventsService,
  auth: AuthService,
  publicUrl: string,
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['events'];

    app.get('/', {
      config: { publicAnswer: true },
      schema: {
        tags,
        summary:
          'Published public events, by start time: search, filters (category, date, price, city), pages',
        description:
          'Only published, public events that have not ended. `q` matches title, summary or city (every word must match). `date` (today, tomorrow, weekend = Friday to Sunday, month) and `from`/`to` (inclusive dates) are Lagos calendar days; an event matches when it starts on them, or is still running at 06:00 on the first one (a festival counts for each of its days, a party ending at 02:00 only for its night). `price=free` keeps events whose tickets are all free; `paid` those with a paid ticket.',
        querystring: publicEventsQuery,
        response: { 200: envelope(publicEventPage), 400: errorBody },
      },
      handler: async (request) => ({ data: await events.published.list(request.query) }),
    });

    await app.register(
      async (manageBase) => {
        const manage = manageBase.withTypeProvider<ZodTypeProvider>();
        // onRequest runs before body and params are validated, so anonymous callers always get 401.
        manage.addHook('onRequest', requireUser(auth));
        manage.addHook('onRoute', accessFor('manage'));
        const security = [{ bearer: [] }];

        manage.post('/', {
          schema: {
            tags,
            security,
            summary: 'Create a draft event (only the title is required)',
            body: createEventBody,
            response: { 201: envelope(manageEventDto), ...manageErrors },
          },
          handler: async (request, reply) => {
            const event = await events.create(actingOrganiser(request), request.body);
            return reply.status(201).send({ data: event, message: EVENT_MESSAGES.created });
          },
        });

        manage.get('/', {
          schema: {
            tags,
            security,
            summary: "The organiser's events, newest first, with sold/capacity/gross",
            response: { 200: envelope(z.array(manageEventListItem)), 401: errorBody },
          },
          handler: async (request) => ({ data: await events.listMine(actingOrganiser(request)) }),
        });

        manage.get('/:id', {
          schema: {
            tags,
            security,
            summary: 'One of the organiser’s events, with all ticket types',
            params: idParams,
            response: { 200: envelope(manageEventDto), ...manageErrors },
          },
          handler: async (request) => ({
            data: await events.get(actingOrganiser(request), request.params.id),
          }),
        });

        manage.patch('/:id', {
          schema: {
            tags,
            security,
            summary:
              'Change an event (partial; null or "" clears an optional field). A draft’s slug follows its title; a published one keeps its slug.',
            params: idParams,
            body: updateEventBody,
            response: { 200: envelope(manageEventDto), ...manageErrors },
          },
          handler: async (request) => ({
            data: await events.update(actingOrganiser(request), request.params.id, request.body),
            message: EVENT_MESSAGES.updated,
          }),
        });

        manage.delete('/:id', {
          schema: {
            tags,
            security,
            summary: 'Delete a draft that was never published',
            params: idParams,
            response: { 200: messageEnvelope, ...manageErrors },
          },
          handler: async (request) => {
            await events.remove(actingOrganiser(request), request.params.id);
            return message(EVENT_MESSAGES.deleted);
          },
        });

        manage.post('/:id/publish', {
          schema: {
            tags,
            security,
            summary:
              'Publish a draft; 400 EVENT_NOT_READY lists every missing item in details.issues',
            params: idParams,
            response: { 200: envelope(manageEventDto), ...manageErrors },
          },
          handler: async (request) => ({
            data: await events.publish(actingOrganiser(request), request.params.id),
            message: EVENT_MESSAGES.published,
          }),
        });

        manage.post('/:id/cancel', {
          schema: {
            tags,
            security,
            summary: 'Cancel a published event, saying why',
            params: idParams,
            body: cancelEventBody,
            response: { 200: envelope(manageEventDto), ...manageErrors },
          },
          handler: async (request) => ({
            data: await events.cancel(actingOrganiser(request), request.params.id, request.body),
            message: EVENT_MESSAGES.cancelled,
          }),
        });

        manage.post('/:id/duplicate', {
          schema: {
            tags,
            security,
            summary: 'Copy an event and its ticket types into a new draft',
            params: idParams,
            response: { 201: envelope(manageEventDto), ...manageErrors },
          },
          handler: async (request, reply) => {
            const copy = await events.duplicate(actingOrganiser(request), request.params.id);
            return reply.status(201).send({ data: copy, message: EVENT_MESSAGES.duplicated });
          },
        });

        manage.post('/:id/cover', {
          schema: {
            tags,
            security,
            summary:
              'Upload the cover image (multipart/form-data, field `file`): JPEG, PNG or WebP up to 5 MB',
            consumes: ['multipart/form-data'],
            params: idParams,
            response: {
              200: envelope(manageEventDto),
              ...manageErrors,
              413: errorBody,
              415: errorBody,
            },
          },
          handler: async (request) => {
            const userId = actingOrganiser(request);
            // Ownership first: a stranger's upload is refused before it is read or decoded.
            await events.get(userId, request.params.id);
            const bytes = await readUploadedFile(request);
            return {
              data: await events.setCover(userId, request.params.id, bytes),
              message: EVENT_MESSAGES.coverSaved,
            };
          },
        });

        manage.delete('/:id/cover', {
          schema: {
            tags,
            security,
            summary: 'Remove the cover image',
            params: idParams,
            response: { 200: envelope(manageEventDto), ...manageErrors },
          },
          handler: async (request) => ({
            data: await events.removeCover(actingOrganiser(request), request.params.id),
            message: EVENT_MESSAGES.coverRemoved,
          }),
        });

        manage.post('/:id/ticket-types', {
          schema: {
            tags,
            security,
            summary: 'Add a ticket type (price in whole naira, 0 = free)',
            params: idParams,
            body: createTicketTypeBody,
            response: { 201: envelope(manageTicketTypeDto), ...manageErrors },
          },
          handler: async (request, reply) => {
            const type = await events.ticketTypes.add(
              actingOrganiser(request),
              request.params.id,
              request.body,
            );
            return reply.status(201).send({ data: type, message: EVENT_MESSAGES.ticketTypeAdded });
          },
        });

        manage.patch('/:id/ticket-types/:ticketTypeId', {
          schema: {
            tags,
            security,
            summary:
              'Change a ticket type; capacity can never go below what is sold (409 CAPACITY_BELOW_SOLD)',
            params: ticketTypeParams,
            body: updateTicketTypeBody,
            response: { 200: envelope(manageTicketTypeDto), ...manageErrors },
          },
          handler: async (request) => ({
            data: await events.ticketTypes.update(
              actingOrganiser(request),
              request.params.id,
              request.params.ticketTypeId,
              request.body,
            ),
            message: EVENT_MESSAGES.ticketTypeUpdated,
          }),
        });

        manage.delete('/:id/ticket-types/:ticketTypeId', {
          schema: {
            tags,
            security,
            summary: 'Delete a ticket type that has no sales (409 TICKET_TYPE_HAS_SALES otherwise)',
            params: ticketTypeParams,
            response: { 200: messageEnvelope, ...manageErrors },
          },
          handler: async (request) => {
            await events.ticketTypes.remove(
              actingOrganiser(request),
              request.params.id,
              request.params.ticketTypeId,
            );
            return message(EVENT_MESSAGES.ticketTypeDeleted);
          },
        });
      },
      { prefix: '/manage' },
    );

    app.get('/:slug', {
      config: { publicAnswer: true },
      schema: {
        tags,
        summary:
          'A published event by its link (public or unlisted; cancelled ones say so); drafts are 404',
        params: slugParams,
        response: { 200: envelope(publicEventDto), 404: errorBody },
      },
      handler: async (request) => ({ data: await events.published.get(request.params.slug) }),
    });

    app.post('/:slug/access-code', {
      schema: {
        tags,
        summary: 'The hidden ticket types an access code unlocks (decision 087)',
        description:
          'Public. A right code answers the hidden ticket types it unlocks, to be bought with `accessCode` in the order; a wrong one is 404. 20 tries per address in 15 minutes.',
        params: slugParams,
        body: accessCodeBody,
        response: { 200: envelope(unlockedTicketTypesDto), 404: errorBody, 429: errorBody },
      },
      handler: async (request) => ({
        data: await events.published.unlock(request.params.slug, request.body.code, request.ip),
      }),
    });

    app.get('/:slug/calendar.ics', {
      schema: {
        tags,
        summary: 'The event as an iCalendar file, for "add to calendar"',
        params: slugParams,
        response: { 200: z.string().describe('text/calendar'), 404: errorBody },
      },
      handler: async (request, reply) => {
        const { filename, body } = await events.published.calendar(request.params.slug, publicUrl);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'public, max-age=300')
          .send(body);
      },
    });
  };
}
