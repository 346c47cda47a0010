import type { UserDto } from '@gatepass/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` for routes that need a signed-in organiser. */
    user: UserDto | undefined;
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
