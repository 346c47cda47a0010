import type { UserDto } from '@gatepass/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.ts';
import type { ApiTokenCaller } from '../modules/api-tokens/api-tokens.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` for routes that need a signed-in organiser. */
    user: UserDto | undefined;
    /** Set when the bearer is an API token (modules/api-tokens, decision 070). */
    apiToken: ApiTokenCaller | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header);
  return match?.[1];
}

/** A preHandler: 401 unless the bearer token belongs to a live session. */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    // An API token was checked before the route (its scope allows this route): it acts for
    // its organiser through the access hook, with no user of its own.
    if (request.apiToken) return;
    const token = bearerToken(request);
    const user = token ? await auth.authenticate(token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
  };
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): UserDto {
  if (!request.user) throw unauthorized();
  return request.user;
}
