import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiTokenDto,
  type CreateApiTokenBody,
  type CreatedApiTokenDto,
} from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import type { ApiTokenCaller } from '../../plugins/auth.ts';
import type { ResourceRef } from '../../plugins/access.ts';
import * as repo from './api-tokens.repository.ts';

/** The caller behind an API token, as the access hook needs it (the guards' type). */
export type { ApiTokenCaller };

/** The actor a token acts as on a manage route (the shape of plugins/access.ts's Actor). */
export interface TokenActor {
  userId: string;
  organiserId: string;
  role: 'manager';
  eventIds: string[] | null;
}

export const API_TOKEN_NOT_FOUND = 'This API token was not found.';
const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
const NOT_FOUND_OF: Record<ResourceRef['kind'], string> = {
  event: 'This event was not found.',
  order: 'This order was not found.',
  promo: 'This promo code was not found.',
};

/** How many characters of the secret the list shows: the prefix and four of the random part. */
const SHOWN = API_TOKEN_PREFIX.length + 4;

export const isApiTokenSecret = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

export interface ApiTokenDeps {
  /** The organiser's events (id, title): to check and name a token's events. */
  eventsOf: (organiserId: string) => Promise<{ id: string; title: string }[]>;
  /** Who owns what a request names (TeamService.resourceOwner). */
  resourceOwner: (ref: ResourceRef) => Promise<{ ownerId: string; eventId: string } | undefined>;
  /** Requests per token (API_TOKEN_REQUESTS_PER_MINUTE). */
  perToken: Limiter;
}

/**
 * API tokens (issue 26 §2, decision 070): an owner makes, lists and revokes them; every
 * request with one is looked up afresh (a revoked token fails on its next request), counted
 * against its own rate limit and given the organiser's events within its scope only.
 */
export class ApiTokensService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: ApiTokenDeps,
  ) {}

  /** The live token behind a secret, counted against its limit; undefined when unknown or revoked. */
  async authenticate(secret: string): Promise<ApiTokenCaller | undefined> {
    if (!isApiTokenSecret(secret)) return undefined;
    const row = await repo.findByHash(this.db, sha256(secret));
    if (!row || row.revoked_at) return undefined;
    await this.deps.perToken.consume(row.id);
    await repo.touch(this.db, row.id);
    return {
      id: row.id,
      organiserId: row.organiser_id,
      scope: row.scope,
      eventIds: row.event_ids,
    };
  }

  /**
   * The actor a token acts as for what the request names: the thing must be its organiser's
   * (else 404, as for another organiser's login) and, for a token limited to some events, of
   * one of them (else 403, as for a door steward of another event).
   */
  async actorFor(caller: ApiTokenCaller, ref: ResourceRef | undefined): Promise<TokenActor> {
    const actor: TokenActor = {
      userId: caller.organiserId,
      organiserId: caller.organiserId,
      role: 'manager',
      eventIds: caller.eventIds,
    };
    if (!ref) {
      if (caller.eventIds) throw forbidden(API_TOKEN_MESSAGES.nameAnEvent);
      return actor;
    }
    const owner = await this.deps.resourceOwner(ref);
    // Unknown or another organiser's: the handler answers its own 404 for unknown ids; a
    // foreign one never reaches it.
    if (owner && owner.ownerId !== caller.organiserId) throw notFound(NOT_FOUND_OF[ref.kind]);
    if (caller.eventIds) {
      if (!owner) throw notFound(NOT_FOUND_OF[ref.kind]);
      if (!caller.eventIds.includes(owner.eventId)) throw forbidden(API_TOKEN_MESSAGES.otherEvents);
    }
    return actor;
  }

  async list(organiserId: string): Promise<ApiTokenDto[]> {
    const [rows, events] = await Promise.all([
      repo.listFor(this.db, organiserId),
      this.deps.eventsOf(organiserId),
    ]);
    const titles = new Map(events.map((e) => [e.id, e.title]));
    return rows.map((row) => toDto(row, titles));
  }

  async create(organiserId: string, body: CreateApiTokenBody): Promise<CreatedApiTokenDto> {
    const eventIds = body.eventIds ? [...new Set(body.eventIds)] : null;
    const events = await this.deps.eventsOf(organiserId);
    const titles = new Map(events.map((e) => [e.id, e.title]));
    if (eventIds && eventIds.some((id) => !titles.has(id))) {
      throw new AppError(400, 'VALIDATION_FAILED', API_TOKEN_MESSAGES.unknownEvents);
    }
    const secret = `${API_TOKEN_PREFIX}${newToken()}`;
    const row = await this.db.transaction().execute(async (trx) => {
      // The cap on live tokens holds under a burst of creates (decision 051).
      await lockKey(trx, `api-tokens:${organiserId}`);
      if ((await repo.countLive(trx, organiserId)) >= API_TOKEN_LIMITS.perOrganiser) {
        throw new AppError(409, 'CONFLICT', API_TOKEN_MESSAGES.tooMany);
      }
      return repo.insert(trx, {
        organiserId,
        name: body.name.trim(),
        scope: body.scope,
        eventIds,
        tokenHash: sha256(secret),
        prefix: secret.slice(0, SHOWN),
      });
    });
    return { token: toDto(row, titles), secret };
  }

  async revoke(organiserId: string, id: string): Promise<ApiTokenDto> {
    const row = await repo.revoke(this.db, organiserId, id);
    if (!row) throw notFound(API_TOKEN_NOT_FOUND);
    const events = await this.deps.eventsOf(organiserId);
    return toDto(row, new Map(events.map((e) => [e.id, e.title])));
  }
}

function toDto(row: repo.ApiTokenRow, titles: Map<string, string>): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    events: row.event_ids
      ? row.event_ids.map((id) => ({ id, title: titles.get(id) ?? 'A deleted event' }))
      : null,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}
