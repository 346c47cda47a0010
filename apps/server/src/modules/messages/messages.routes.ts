import {
  envelope,
  errorBody,
  eventMessagesDto,
  MESSAGE_TEXTS,
  attendeeMessageDto,
  messageDraftBody,
  messagePreviewDto,
  remindersBody,
  sendMessageBody,
  unsubscribeDto,
  unsubscribeQuery,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOrganiser, currentActor } from '../../plugins/access.ts';
import { organiserApp, organiserErrors, routeSchemas } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { MessagesService } from './messages.service.ts';

// 403: a door steward (owners and managers send); 429: the sends or tests limit.
const errors = { ...organiserErrors, 403: errorBody, 429: errorBody };

/** An event's messages to its attendees, under /events/manage/{id}/messages (issue 25 §3). */
export function messageManageRoutes(
  messages: MessagesService,
  auth: AuthService,
): FastifyPluginAsync {
  return async (base) => {
    const app = organiserApp(base, auth, 'manage');
    const { route, answers } = routeSchemas({ tags: ['organiser: messages'], errors });
    const params = z.object({ id: z.uuid({ error: MESSAGE_TEXTS.notFound }) });

    app.get('/:id/messages', {
      schema: route(
        "The event's messages with sent / failed counts per channel, its reminders and which channels this server has",
        { params, response: answers(eventMessagesDto) },
      ),
      handler: async (request) => ({
        data: await messages.overview(actingOrganiser(request), request.params.id),
      }),
    });

    app.post('/:id/messages/preview', {
      schema: route(
        'How many a draft would reach by mail, SMS and WhatsApp, its text and SMS segments',
        {
          params,
          body: messageDraftBody,
          response: answers(messagePreviewDto),
        },
      ),
      handler: async (request) => ({
        data: await messages.preview(actingOrganiser(request), request.params.id, request.body),
      }),
    });

    app.post('/:id/messages/test', {
      schema: route("Send the draft to the caller's own address (and phone, with SMS on)", {
        params,
        body: messageDraftBody,
        response: answers(z.object({ to: z.string(), sms: z.boolean() })),
      }),
      handler: async (request) => {
        const { organiserId, userId } = currentActor(request);
        const data = await messages.test(organiserId, userId, request.params.id, request.body);
        return { data, message: MESSAGE_TEXTS.testSent };
      },
    });

    app.post('/:id/messages', {
      schema: route(
        'Send a message to a segment of the event (one per `requestKey`: the same press twice is one message)',
        {
          params,
          body: sendMessageBody,
          response: { ...answers(attendeeMessageDto, 201), 200: envelope(attendeeMessageDto) },
        },
      ),
      handler: async (request, reply) => {
        const { organiserId, userId } = currentActor(request);
        const { message, fresh } = await messages.send(
          organiserId,
          userId,
          request.params.id,
          request.body,
        );
        return reply.status(fresh ? 201 : 200).send({ data: message, message: MESSAGE_TEXTS.sent });
      },
    });

    app.put('/:id/messages/reminders', {
      schema: route(
        'Turn the reminders (the day before and two hours before the start) on or off',
        {
          params,
          body: remindersBody,
          response: answers(remindersBody),
        },
      ),
      handler: async (request) => {
        await messages.setReminders(
          actingOrganiser(request),
          request.params.id,
          request.body.enabled,
        );
        return {
          data: { enabled: request.body.enabled },
          message: request.body.enabled ? MESSAGE_TEXTS.remindersOn : MESSAGE_TEXTS.remindersOff,
        };
      },
    });
  };
}

/**
 * The unsubscribe link of announcements and reminders, under /api/v1/messages: one POST
 * from the page the mail's link opens, or from the mail client (List-Unsubscribe-Post,
 * RFC 8058: a form body `List-Unsubscribe=One-Click`, the token in the address).
 */
export function messagePublicRoutes(messages: MessagesService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, { form: String(body) }),
    );
    const { route } = routeSchemas({
      tags: ['messages'],
      errors: { 400: errorBody, 429: errorBody },
      security: false,
    });
    app.post('/unsubscribe', {
      bodyLimit: 1024,
      schema: route(
        "Stop an organiser's announcements and reminders to the address a signed link names (tickets and changes still go)",
        {
          querystring: unsubscribeQuery,
          response: { 200: envelope(unsubscribeDto), 400: errorBody, 429: errorBody },
        },
      ),
      handler: async (request) => ({
        data: await messages.unsubscribe(request.ip, request.query.token),
        message: MESSAGE_TEXTS.unsubscribed,
      }),
    });
  };
}
