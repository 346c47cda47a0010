import {
  checkinListBody,
  checkinListDto,
  envelope,
  idField,
  messageEnvelope,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { actingOrganiser } from '../../plugins/access.ts';
import { organiserApp, organiserErrors } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CheckinLists } from './checkin.lists.ts';

const security = [{ bearer: [] }];

/**
 * An event's check-in lists (issue 25 §4, decision 084) under
 * /api/v1/events/manage/:id/checkin-lists: the owner and managers make and remove them.
 */
export function checkinListRoutes(lists: CheckinLists, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = organiserApp(base, auth, 'manage');
    const tags = ['door'];
    const params = z.object({ id: idField });

    app.get('/:id/checkin-lists', {
      schema: {
        tags,
        security,
        summary: "The event's check-in lists, their ticket types and how many each let in",
        params,
        response: { 200: envelope(z.array(checkinListDto)), ...organiserErrors },
      },
      handler: async (request) => ({
        data: await lists.ofEvent(actingOrganiser(request), request.params.id),
      }),
    });

    app.post('/:id/checkin-lists', {
      schema: {
        tags,
        security,
        summary: 'Make a check-in list: a name and the ticket types it takes',
        params,
        body: checkinListBody,
        response: { 201: envelope(checkinListDto), ...organiserErrors },
      },
      handler: async (request, reply) => {
        const list = await lists.create(actingOrganiser(request), request.params.id, request.body);
        return reply.status(201).send({ data: list, message: `${list.name} added.` });
      },
    });

    app.delete('/:id/checkin-lists/:listId', {
      schema: {
        tags,
        security,
        summary: 'Remove a check-in list (its stewards check the whole event again)',
        params: params.extend({ listId: idField }),
        response: { 200: messageEnvelope, ...organiserErrors },
      },
      handler: async (request) => {
        const message = await lists.remove(
          actingOrganiser(request),
          request.params.id,
          request.params.listId,
        );
        return { data: { message }, message };
      },
    });
  };
}
