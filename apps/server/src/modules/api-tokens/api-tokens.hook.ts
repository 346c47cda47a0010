import { API_TOKEN_MESSAGES } from '@gatepass/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { scopesOf } from './api-tokens.scopes.ts';
import { isApiTokenSecret, type ApiTokensService } from './api-tokens.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API-token scopes that may call this route (api-tokens.scopes.ts); absent: none. */
    apiTokenScopes?: readonly string[];
  }
}

const SCOPE_NOTE = (scopes: readonly string[]) =>
  `\n\n**API token:** accepted with scope ${scopes.map((s) => `\`${s}\``).join(' or ')} (\`Authorization: Bearer gpat_…\`).`;

/**
 * API tokens on the server (decision 070):
 * - every route of TOKEN_ROUTES is marked with its scopes as it is added, and its OpenAPI
 *   entry says so (the `apiToken` security scheme and a line in its description);
 * - a request whose bearer is an API token (`gpat_…`) is taken here, before the routes' own
 *   login checks: an unknown or revoked token is 401; a route its scope does not list is 403;
 *   over its rate limit 429; otherwise `request.apiToken` is set and the access hook
 *   (plugins/access.ts) makes it act for its organiser on its events only.
 * Register before the modules.
 */
export function registerApiTokens(app: FastifyInstance, tokens: ApiTokensService): void {
  app.decorateRequest('apiToken', undefined);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const scopes = methods.map((m) => scopesOf(m, route.url)).find(Boolean);
    if (!scopes) return;
    route.config = { ...route.config, apiTokenScopes: scopes };
    if (route.schema) {
      const schema = route.schema as { security?: unknown[]; description?: string };
      schema.security = [...(schema.security ?? [{ bearer: [] }]), { apiToken: [] }];
      schema.description = `${schema.description ?? ''}${SCOPE_NOTE(scopes)}`.trimStart();
    }
  });
  app.addHook('onRequest', async (request) => {
    const secret = bearerToken(request);
    if (!secret || !isApiTokenSecret(secret)) return;
    const caller = await tokens.authenticate(secret);
    if (!caller)
      throw unauthorized('This API token is not valid: it was revoked or never existed.');
    const scopes = request.routeOptions.config?.apiTokenScopes;
    if (!scopes?.includes(caller.scope)) {
      throw new AppError(403, 'FORBIDDEN', API_TOKEN_MESSAGES.outsideScope);
    }
    request.apiToken = caller;
  });
}
