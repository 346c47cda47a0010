import { errorBody, questionDto, saveQuestionsBody } from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOrganiser } from '../../plugins/access.ts';
import { organiserApp, organiserErrors, routeSchemas } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { QUESTIONS_EVENT_NOT_FOUND, type QuestionsService } from './questions.service.ts';

// 403: a door steward (owners and managers edit questions).
const errors = { ...organiserErrors, 403: errorBody };

/** An event's checkout questions, for its owner and managers, under /events/manage. */
export function questionsManageRoutes(
  questions: QuestionsService,
  auth: AuthService,
): FastifyPluginAsync {
  return async (base) => {
    const app = organiserApp(base, auth, 'manage');
    const { route, answers } = routeSchemas({ tags: ['organiser: questions'], errors });
    const idParams = z.object({ id: z.uuid({ error: QUESTIONS_EVENT_NOT_FOUND }) });

    app.get('/:id/questions', {
      schema: route("The event's checkout questions, in order", {
        params: idParams,
        response: answers(z.array(questionDto)),
      }),
      handler: async (request) => ({
        data: await questions.list(actingOrganiser(request), request.params.id),
      }),
    });

    app.put('/:id/questions', {
      schema: route(
        "Save the event's checkout questions (the whole list, in order; one left out is removed, its answers kept under their label)",
        {
          params: idParams,
          body: saveQuestionsBody,
          response: answers(z.array(questionDto)),
        },
      ),
      handler: async (request) => ({
        data: await questions.save(actingOrganiser(request), request.params.id, request.body),
        message: 'Questions saved.',
      }),
    });
  };
}

/** The questions a published event's checkout asks, under /events/{slug}/questions. */
export function questionsPublicRoutes(questions: QuestionsService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const { route, answers } = routeSchemas({
      tags: ['events'],
      errors: { 400: errorBody, 404: errorBody },
      security: false,
    });
    app.get('/:slug/questions', {
      schema: route('The questions the checkout of a published event asks', {
        params: z.object({ slug: z.string().max(200) }),
        response: answers(z.array(questionDto)),
      }),
      handler: async (request) => ({ data: await questions.forCheckout(request.params.slug) }),
    });
  };
}
