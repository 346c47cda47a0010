import {
  apiTokenDto,
  createApiTokenBody,
  createdApiTokenDto,
  envelope,
  errorBody,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessFor, actingOrganiser } from '../../plugins/access.ts';
import { requireUser } from '../../plugins/auth.ts';
import { organiserErrors } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { API_TOKEN_NOT_FOUND, type ApiTokensService } from './api-tokens.service.ts';

// 403: a team member whose role may not do this (the owner's own pages).
const errors = { ...organiserErrors, 403: errorBody };
const security = [{ bearer: [] }];

/** The owner's API tokens (web Settings → API tokens) under /api/v1/events/manage/api-tokens. */
export function apiTokenRoutes(tokens: ApiTokensService, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireUser(auth));
    // Tokens reach the organiser's data: only the owner makes or sees them (issue 26 §2).
    app.addHook('onRoute', accessFor('owner'));
    const tags = ['organiser: API tokens'];

    app.get('/api-tokens', {
      schema: {
        tags,
        security,
        summary:
          "The account's API tokens, live ones first, with when each was last used (owner only)",
        response: { 200: envelope(z.array(apiTokenDto)), ...errors },
      },
      handler: async (request) => ({ data: await tokens.list(actingOrganiser(request)) }),
    });

    app.post('/api-tokens', {
      schema: {
        tags,
        security,
        summary: 'Make an API token; its secret is in this answer only (owner only)',
        description:
          '`scope`: `read` (orders and attendees), `checkin` (the door list and checking codes in) or `manage` (events and ticket types). `eventIds` absent or null: every event, now and later. The secret is stored hashed and never shown again; send it as `Authorization: Bearer gpat_…`.',
        body: createApiTokenBody,
        response: { 201: envelope(createdApiTokenDto), ...errors },
      },
      handler: async (request, reply) => {
        const data = await tokens.create(actingOrganiser(request), request.body);
        return reply
          .status(201)
          .send({ data, message: 'API token made. Copy it now: it is not shown again.' });
      },
    });

    app.delete('/api-tokens/:tokenId', {
      schema: {
        tags,
        security,
        summary: 'Revoke an API token: its next request is refused (owner only)',
        params: z.object({ tokenId: z.uuid({ error: API_TOKEN_NOT_FOUND }) }),
        response: { 200: envelope(apiTokenDto), ...errors },
      },
      handler: async (request) => ({
        data: await tokens.revoke(actingOrganiser(request), request.params.tokenId),
        message: 'API token revoked.',
      }),
    });
  };
}
