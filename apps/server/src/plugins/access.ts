import {
  DEVICE_HEADER,
  ORGANISER_HEADER,
  TEAM_LIMITS,
  type AccessLevel,
  type TeamRole,
} from '@gatepass/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { unauthorized } from '../lib/errors.ts';
import { bearerToken, type ApiTokenCaller, type Authenticator } from './auth.ts';

/**
 * Roles on every manage route (issue 13, decision 040). A route says what it needs in its
 * config — `access: 'owner' | 'manage' | 'door'` — usually for a whole module at once with
 * `accessFor(level)`; this hook then works out, after validation and before the handler, for
 * which organiser the caller acts (`request.actor`) and refuses a role that may not call it.
 * Handlers pass `actingOrganiser(request)` where they passed the user's id before.
 */

/** What a manage route needs of its caller (the shared role table's levels, decision 067). */
export type { AccessLevel };

/** What a manage route's `:id` may name. */
export type ResourceKind = 'event' | 'order' | 'promo';

/** The thing a manage request names. */
export interface ResourceRef {
  kind: ResourceKind;
  id: string;
}

/** The caller of a manage route: who they are, for which organiser, in which role. */
export interface Actor {
  userId: string;
  organiserId: string;
  role: TeamRole;
  /** null: every event of the organiser. */
  eventIds: string[] | null;
  /** A door steward's check-in list (decision 084): their door checks it and no other. */
  checkinListId?: string | null;
}

/**
 * The access decision the hook asks (team's, handed in by the composition — a plugin never
 * imports a module, decision 062): who the user acts for, refusing a role that may not.
 */
export type ResolveActor = (
  userId: string,
  level: AccessLevel,
  ref: ResourceRef | undefined,
  chosen: string | undefined,
) => Promise<Actor>;

/** The actor an API token acts as on a manage route, or a refusal (decision 070). */
export type TokenActorFor = (
  caller: ApiTokenCaller,
  ref: ResourceRef | undefined,
) => Promise<Actor>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a caller's role must allow; absent: not a manage route. */
    access?: AccessLevel;
    /** What the path's `:id` names on this route (default: an event). */
    idIs?: ResourceKind;
  }
  interface FastifyRequest {
    actor: Actor | undefined;
  }
}

/** An `onRoute` hook giving every route of a plugin an access level (a route may set its own). */
export function accessFor(level: AccessLevel, idIs?: ResourceKind) {
  return (route: RouteOptions): void => {
    route.config = { ...route.config, access: route.config?.access ?? level };
    if (idIs && !route.config.idIs) route.config.idIs = idIs;
  };
}

const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** The thing a manage request names, by the names the API gives its ids. */
export function resourceOf(request: FastifyRequest): ResourceRef | undefined {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  const orderId = asString(params.orderId);
  if (orderId) return { kind: 'order', id: orderId };
  const eventId = asString(params.eventId);
  if (eventId) return { kind: 'event', id: eventId };
  const id = asString(params.id);
  if (id) return { kind: request.routeOptions.config.idIs ?? 'event', id };
  const fromQuery = asString(query.eventId);
  if (fromQuery) return { kind: 'event', id: fromQuery };
  const fromBody = asString(body.eventId);
  if (fromBody) return { kind: 'event', id: fromBody };
  return undefined;
}

export function registerAccess(
  app: FastifyInstance,
  auth: Authenticator,
  resolveActor: ResolveActor,
  /** An API token's actor (api-tokens' decision, handed in by the composition). */
  tokenActor: TokenActorFor,
): void {
  app.decorateRequest('actor', undefined);
  app.addHook('preHandler', async (request) => {
    const level = request.routeOptions.config?.access;
    if (!level) return;
    if (request.apiToken) {
      // Its scope allowed the route (api-tokens.hook.ts); the organiser's things only, and
      // a token limited to some events only those (decision 070).
      request.actor = await tokenActor(request.apiToken, resourceOf(request));
      return;
    }
    if (!request.user) {
      const token = bearerToken(request);
      request.user = token ? await auth.authenticate(token) : undefined;
      if (!request.user) throw unauthorized();
    }
    const chosen = request.headers[ORGANISER_HEADER];
    request.actor = await resolveActor(
      request.user.id,
      level,
      resourceOf(request),
      typeof chosen === 'string' ? chosen.slice(0, 64) : undefined,
    );
  });
}

/** The caller of a manage route (set by the access hook). */
export function currentActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** The organiser a manage route works on: the caller's own account or the team they chose. */
export const actingOrganiser = (request: FastifyRequest): string =>
  currentActor(request).organiserId;

/** The door device's own id, if it sent one. */
export function deviceOf(request: FastifyRequest): string | null {
  const value = request.headers[DEVICE_HEADER];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().slice(0, TEAM_LIMITS.deviceIdMax);
  return /^[\w-]+$/.test(trimmed) ? trimmed : null;
}
