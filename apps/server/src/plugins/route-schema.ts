import { envelope, errorBody } from '@gatepass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { accessFor, type AccessLevel, type ResourceKind } from './access.ts';
import { requireUser, type Authenticator } from './auth.ts';

/** The bearer token an organiser route asks for, as the API description names it. */
export const bearerSecurity = [{ bearer: [] }];

/**
 * What an organiser route may answer besides its data: 400 input refused, 401 no login,
 * 404 not this organiser's (or not there), 409 not allowed in the thing's current state.
 */
export const organiserErrors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/**
 * The start every organiser route group shares: zod schemas, a login checked first (401),
 * then the role decision for `level` on each of its routes (another organiser's thing: 404).
 */
export function organiserApp(
  base: FastifyInstance,
  auth: Authenticator,
  level: AccessLevel,
  idIs?: ResourceKind,
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser(auth));
  app.addHook('onRoute', accessFor(level, idIs));
  return app;
}

/**
 * The parts of a route's schema a group of routes repeats: its tags, the bearer security
 * (unless `security: false`, for public groups) and its error answers. `route(summary, parts)`
 * is one route's schema; `answers(dto)` its answers: the data envelope under 200 (or `status`)
 * beside the group's errors.
 */
export function routeSchemas<E extends Record<number, z.ZodType>>(group: {
  tags: string[];
  errors: E;
  security?: false;
}) {
  const shared =
    group.security === false
      ? { tags: group.tags }
      : { tags: group.tags, security: bearerSecurity };
  return {
    route: <S extends object>(summary: string, parts: S) => ({ ...shared, summary, ...parts }),
    answers: <D extends z.ZodType, C extends number = 200>(dto: D, status?: C) =>
      ({ [status ?? 200]: envelope(dto), ...group.errors }) as Record<
        C,
        ReturnType<typeof envelope<D>>
      > &
        E,
  };
}
