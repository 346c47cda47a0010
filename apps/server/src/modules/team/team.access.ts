import { roleAllows, roleRefusal, type WorkspaceDto } from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { AccessLevel, Actor, ResourceRef } from '../../plugins/access.ts';
import { forbidden, NOT_FOUND_OF, TEAM_MESSAGES } from './team.messages.ts';
import * as repo from './team.repository.ts';

/**
 * The access decision (issue 13, decision 040): for which organiser a user acts on a manage
 * route, in which role, and whether that role may call it; and the organisers a user can act
 * for. Handed to plugins/access.ts by the composition as a function. Nothing is cached: a
 * change takes effect on the member's very next request.
 */

/** A member's last activity is written at most this often (not on every scan). */
const TOUCH_EVERY_MS = 60_000;

export class TeamAccess {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Who the caller is acting for, and whether their role may call this route. The thing a
   * route names (an event, order or promo code) decides the organiser; without one, the
   * organiser the client chose (`chosen`), else the default. A role that may not call the
   * route gets 403 with a sentence for its own organiser's things and 404 for anyone else's
   * (the route's own lookup answers 404 when the organiser has no such thing).
   */
  async resolveActor(
    userId: string,
    level: AccessLevel,
    ref: ResourceRef | undefined,
    chosen: string | undefined,
  ): Promise<Actor> {
    let actor: Actor | undefined;
    let resourceEventId: string | undefined;
    let foreign = false;
    if (ref) {
      const resource = await repo.resourceOwner(this.db, ref.kind, ref.id);
      if (resource) {
        actor = await this.actorFor(userId, resource.ownerId);
        if (actor) resourceEventId = resource.eventId;
        else foreign = true;
      }
    }
    actor ??= await this.chosenActor(userId, chosen);
    // What each role may do is the shared table's (packages/shared/src/roles.ts), which the
    // web's navigation and guards read too.
    if (!roleAllows(actor.role, level)) {
      if (foreign && ref) throw notFound(NOT_FOUND_OF[ref.kind]);
      throw forbidden(roleRefusal(actor.role));
    }
    if (actor.role === 'door' && resourceEventId && actor.eventIds) {
      if (!actor.eventIds.includes(resourceEventId)) throw forbidden(TEAM_MESSAGES.notYourEvent);
    }
    return actor;
  }

  /**
   * Whose thing a manage request names, and its event: for callers that are no user of a
   * team (API tokens, decision 070), which check the owner themselves.
   */
  resourceOwner(ref: ResourceRef): Promise<{ ownerId: string; eventId: string } | undefined> {
    return repo.resourceOwner(this.db, ref.kind, ref.id);
  }

  /** The user's role for this organiser: owner, a member, or none. */
  private async actorFor(userId: string, organiserId: string): Promise<Actor | undefined> {
    if (organiserId === userId) return { userId, organiserId, role: 'owner', eventIds: null };
    const membership = await repo.findMembership(this.db, organiserId, userId);
    if (!membership) return undefined;
    await this.touch(userId, membership);
    return memberActor(userId, membership);
  }

  private async chosenActor(userId: string, chosen: string | undefined): Promise<Actor> {
    if (chosen && chosen !== userId) {
      const actor = isUuid(chosen) ? await this.actorFor(userId, chosen) : undefined;
      if (!actor) throw forbidden(TEAM_MESSAGES.notOnTeam);
      return actor;
    }
    if (chosen === userId) return { userId, organiserId: userId, role: 'owner', eventIds: null };
    // Nothing chosen: their own account, unless they have no events and work for a team.
    const { ownEvents, membership } = await repo.defaultContext(this.db, userId);
    if (!ownEvents && membership) {
      await this.touch(userId, membership);
      return memberActor(userId, membership);
    }
    return { userId, organiserId: userId, role: 'owner', eventIds: null };
  }

  private async touch(userId: string, membership: repo.MembershipRow): Promise<void> {
    const last = membership.last_active_at?.getTime() ?? 0;
    if (this.now().getTime() - last < TOUCH_EVERY_MS) return;
    await repo.touchMember(this.db, membership.organiser_id, userId);
  }

  /** Every organiser the user works for: their own account first, then their teams. */
  async workspaces(userId: string): Promise<WorkspaceDto[]> {
    const [ownName, memberships, fallback] = await Promise.all([
      repo.organiserName(this.db, userId),
      repo.listMemberships(this.db, userId),
      repo.defaultContext(this.db, userId),
    ]);
    const defaultOrganiser =
      !fallback.ownEvents && fallback.membership ? fallback.membership.organiser_id : userId;
    const teams = await Promise.all(
      memberships.map(async (m): Promise<WorkspaceDto> => {
        let events: WorkspaceDto['events'] = null;
        if (m.role === 'door') {
          const rows = await repo.organiserEvents(
            this.db,
            m.organiser_id,
            m.all_events ? undefined : m.event_ids,
          );
          events = rows.map((e) => ({
            id: e.id,
            title: e.title,
            startsAt: (e.start_at ?? new Date(0)).toISOString(),
            status: e.status,
          }));
        }
        return {
          organiserId: m.organiser_id,
          organiserName: m.organiser_name,
          role: m.role,
          events,
          isDefault: m.organiser_id === defaultOrganiser,
        };
      }),
    );
    return [
      {
        organiserId: userId,
        organiserName: ownName ?? 'My events',
        role: 'owner',
        events: null,
        isDefault: defaultOrganiser === userId,
      },
      ...teams,
    ];
  }
}

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

function memberActor(userId: string, m: repo.MembershipRow): Actor {
  return {
    userId,
    organiserId: m.organiser_id,
    role: m.role,
    eventIds: m.all_events ? null : m.event_ids,
    checkinListId: m.checkin_list_id,
  };
}
