import type { ApiTokenScope, UserDto } from '@gatepass/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.ts';

/**
 * The caller behind an API token (modules/api-tokens, decision 070), as the guards see it;
 * the api-tokens hook sets it before any route's own login check.
 */
export interface ApiTokenCaller {
  id: string;
  organiserId: string;
  scope: ApiTokenScope;
  /** null: every event of the organiser. */
  eventIds: string[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` for routes that need a signed-in organiser. */
    user: UserDto | undefined;
    /** Set when the bearer is an API token (modules/api-tokens, decision 070). */
    apiToken: ApiTokenCaller | undefined;
  }
}

/**
 * What the guard needs of the accounts: the user a session token belongs to. The composition
 * hands in auth's service (a plugin never imports a module, decision 062).
 */
export interface Authenticator {
  authenticate(token: string): Promise<UserDto | undefined>;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header);
  return match?.[1];
}

/** A preHandler: 401 unless the bearer token belongs to a live session. */
export function requireUser(auth: Authenticator) {
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
