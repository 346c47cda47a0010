import {
  CHECKIN_LIST_MESSAGES,
  TEAM_LIMITS,
  type CheckinStatsDto,
  type InvitationPreviewDto,
  type InviteMemberBody,
  type TeamDto,
  type TeamEventRef,
  type TeamInvitationDto,
  type TeamMemberDto,
  type TeamRole,
  type UpdateMemberBody,
  type WorkspaceDto,
} from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import type { LimitsOf } from '../../lib/rate-limiter.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import type { MailService } from '../mail/mail.service.ts';
import { isUuid, TeamAccess } from './team.access.ts';
import { invitationDto, memberDto, refsOf, type CheckinListRef } from './team.dto.ts';
import type { ListUserStatRow } from '../checkin/checkin.stats.ts';
import { invitationMail } from './team.mails.ts';
import { forbidden, NOT_FOUND_OF, TEAM_MESSAGES } from './team.messages.ts';
import * as repo from './team.repository.ts';

/**
 * Teams (issue 13, decision 040): who may do what for which organiser. An organiser is a
 * user account (its owner); members are other users with the role manager or door, given
 * every event or a list. The access decision itself is team.access.ts; this is the owner's
 * team page, the invitations and the door's check-in figures.
 */

export const TEAM_LIMIT_RULES = {
  /** Invitations an owner sends (new or resent) per day. */
  invitesPerOrganiser: { points: 100, duration: 24 * 60 * 60 },
  /** Wrong or expired invitation tokens from one address. */
  tokenFailuresPerIp: { points: 20, duration: 60 * 60 },
};

export type TeamLimits = LimitsOf<typeof TEAM_LIMIT_RULES>;

export class TeamService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailService,
    private readonly limits: TeamLimits,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.access = new TeamAccess(db, now);
  }

  /** Who acts for which organiser, in which role (the manage routes' access hook asks it). */
  readonly access: TeamAccess;

  // The owner's team page ------------------------------------------------------------------------

  async team(organiserId: string): Promise<TeamDto> {
    const [owner, members, invitations] = await Promise.all([
      repo.findUser(this.db, organiserId),
      repo.listMembers(this.db, organiserId),
      repo.listInvitations(this.db, organiserId),
    ]);
    if (!owner) throw notFound('This account no longer exists.');
    const lists = await this.listRefs(members);
    const refs = await this.eventRefs(organiserId, [
      ...members.flatMap((m) => (m.all_events ? [] : m.event_ids)),
      ...invitations.flatMap((i) => i.event_ids ?? []),
    ]);
    const now = this.now();
    return {
      members: [
        {
          userId: owner.id,
          fullName: owner.full_name,
          email: owner.email,
          role: 'owner',
          events: null,
          joinedAt: new Date(0).toISOString(),
          lastActiveAt: null,
          checkinList: null,
        },
        ...members.map((m) => memberDto(m, refs, lists)),
      ],
      invitations: invitations.map((i) => invitationDto(i, refs, now)),
    };
  }

  async invite(organiserId: string, body: InviteMemberBody): Promise<TeamInvitationDto> {
    const email = body.email.trim().toLowerCase();
    const owner = await repo.findUser(this.db, organiserId);
    if (!owner) throw notFound('This account no longer exists.');
    if (owner.email === email) throw fieldError('email', TEAM_MESSAGES.inviteSelf);
    const member = (await repo.listMembers(this.db, organiserId)).find((m) => m.email === email);
    if (member) {
      throw new AppError(409, 'CONFLICT', TEAM_MESSAGES.inviteMember(member.full_name));
    }
    // Managers run the organiser's sales and finances, which span every event (decision 040).
    const eventIds = body.role === 'manager' ? null : await this.checkEvents(organiserId, body);
    await this.limits.invitesPerOrganiser.consume(organiserId);
    const token = newToken();
    const invitation = await this.db.transaction().execute(async (trx) => {
      const { row, sent } = await repo.upsertInvitation(trx, {
        organiserId,
        email,
        role: body.role,
        eventIds,
        tokenHash: sha256(token),
        expiresAt: this.expiry(),
        sentAt: this.now(),
      });
      if (sent) await this.mailInvitation(trx, row, token);
      return row;
    });
    this.mail.kick();
    const refs = await this.eventRefs(organiserId, invitation.event_ids ?? []);
    return invitationDto(invitation, refs, this.now());
  }

  async resendInvitation(organiserId: string, invitationId: string): Promise<TeamInvitationDto> {
    if (!isUuid(invitationId)) throw notFound(TEAM_MESSAGES.invitationNotFound);
    await this.limits.invitesPerOrganiser.consume(organiserId);
    const token = newToken();
    const invitation = await this.db.transaction().execute(async (trx) => {
      const renewed = await repo.renewInvitation(
        trx,
        organiserId,
        invitationId,
        sha256(token),
        this.expiry(),
        this.now(),
      );
      if (!renewed) throw notFound(TEAM_MESSAGES.invitationNotFound);
      if (renewed.sent) await this.mailInvitation(trx, renewed.row, token);
      return renewed.row;
    });
    this.mail.kick();
    const refs = await this.eventRefs(organiserId, invitation.event_ids ?? []);
    return invitationDto(invitation, refs, this.now());
  }

  async withdrawInvitation(organiserId: string, invitationId: string): Promise<string> {
    if (!isUuid(invitationId)) throw notFound(TEAM_MESSAGES.invitationNotFound);
    if (!(await repo.deleteInvitation(this.db, organiserId, invitationId))) {
      throw notFound(TEAM_MESSAGES.invitationNotFound);
    }
    return TEAM_MESSAGES.withdrawn;
  }

  async updateMember(
    organiserId: string,
    userId: string,
    body: UpdateMemberBody,
  ): Promise<TeamMemberDto> {
    if (!isUuid(userId)) throw notFound(TEAM_MESSAGES.memberNotFound);
    const current = await repo.findMembership(this.db, organiserId, userId);
    if (!current) throw notFound(TEAM_MESSAGES.memberNotFound);
    const role = body.role ?? current.role;
    let eventIds: string[] | null | undefined =
      body.eventIds === undefined ? undefined : await this.checkEvents(organiserId, body);
    if (role === 'manager') eventIds = null;
    // A check-in list goes with the door role and with its event (decision 084).
    let dropList = false;
    if (current.checkin_list_id && (role !== 'door' || eventIds)) {
      const list = await repo.findCheckinList(this.db, current.checkin_list_id);
      dropList = role !== 'door' || !list || !eventIds?.includes(list.event_id);
    }
    await this.db.transaction().execute(async (trx) => {
      if (role !== current.role) await repo.updateMemberRole(trx, organiserId, userId, role);
      if (eventIds !== undefined) await repo.setMemberEvents(trx, organiserId, userId, eventIds);
      if (dropList) await repo.setMemberCheckinList(trx, organiserId, userId, null);
    });
    return this.memberOf(organiserId, userId);
  }

  /**
   * Gives a door steward one check-in list of an event they check, or takes it away
   * (decision 084); their door checks that list from their next request.
   */
  async setCheckinList(
    organiserId: string,
    userId: string,
    listId: string | null,
  ): Promise<TeamMemberDto> {
    if (!isUuid(userId)) throw notFound(TEAM_MESSAGES.memberNotFound);
    const current = await repo.findMembership(this.db, organiserId, userId);
    if (!current) throw notFound(TEAM_MESSAGES.memberNotFound);
    if (listId !== null) {
      if (current.role !== 'door') throw fieldError('listId', CHECKIN_LIST_MESSAGES.stewardOnly);
      const list = await repo.findCheckinList(this.db, listId);
      const owner = list && (await repo.resourceOwner(this.db, 'event', list.event_id));
      if (!list || owner?.ownerId !== organiserId) throw notFound(CHECKIN_LIST_MESSAGES.notFound);
      if (!current.all_events && !current.event_ids.includes(list.event_id))
        throw fieldError('listId', CHECKIN_LIST_MESSAGES.listNotTheirs);
    }
    await repo.setMemberCheckinList(this.db, organiserId, userId, listId);
    return this.memberOf(organiserId, userId);
  }

  private async memberOf(organiserId: string, userId: string): Promise<TeamMemberDto> {
    const row = (await repo.listMembers(this.db, organiserId)).find((m) => m.user_id === userId);
    if (!row) throw notFound(TEAM_MESSAGES.memberNotFound);
    const [refs, lists] = await Promise.all([
      this.eventRefs(organiserId, row.all_events ? [] : row.event_ids),
      this.listRefs([row]),
    ]);
    return memberDto(row, refs, lists);
  }

  /** The check-in lists the members were given, by id. */
  private async listRefs(
    members: { checkin_list_id: string | null }[],
  ): Promise<Map<string, CheckinListRef>> {
    const ids = [
      ...new Set(members.flatMap((m) => (m.checkin_list_id ? [m.checkin_list_id] : []))),
    ];
    const rows = await Promise.all(ids.map((id) => repo.findCheckinList(this.db, id)));
    return new Map(
      rows.flatMap((l) => (l ? [[l.id, { id: l.id, name: l.name, eventId: l.event_id }]] : [])),
    );
  }

  async removeMember(organiserId: string, userId: string): Promise<string> {
    if (!isUuid(userId)) throw notFound(TEAM_MESSAGES.memberNotFound);
    if (!(await repo.deleteMember(this.db, organiserId, userId))) {
      throw notFound(TEAM_MESSAGES.memberNotFound);
    }
    return TEAM_MESSAGES.removed;
  }

  // The invitee ----------------------------------------------------------------------------------

  async preview(ip: string, token: string): Promise<InvitationPreviewDto> {
    const invitation = await this.liveInvitation(ip, token);
    const [name, refs] = await Promise.all([
      repo.organiserName(this.db, invitation.organiser_id),
      this.eventRefs(invitation.organiser_id, invitation.event_ids ?? []),
    ]);
    return {
      organiserName: name ?? 'An organiser',
      role: invitation.role,
      events: refsOf(invitation.event_ids, refs),
      // Masked as the accept refusal masks it (issue 21 §4): the page needs no login, and a
      // forwarded link must not tell its holder whom to phish.
      email: maskEmail(invitation.email),
      expiresAt: invitation.expires_at.toISOString(),
    };
  }

  /**
   * Joins the team with the caller's own account. Single use: the invitation row is taken
   * (deleted) by exactly one request. The link is for the invited address only: a forwarded
   * link is no key for anyone else.
   */
  async accept(ip: string, userId: string, token: string): Promise<WorkspaceDto> {
    const invitation = await this.liveInvitation(ip, token);
    const user = await repo.findUser(this.db, userId);
    if (!user) throw notFound('This account no longer exists.');
    if (invitation.organiser_id === userId) {
      throw new AppError(409, 'CONFLICT', TEAM_MESSAGES.ownTeam);
    }
    if (user.email !== invitation.email) {
      throw forbidden(TEAM_MESSAGES.invitationOtherEmail(maskEmail(invitation.email)));
    }
    await this.db.transaction().execute(async (trx) => {
      if (await repo.findMembership(trx, invitation.organiser_id, userId)) {
        throw new AppError(409, 'CONFLICT', TEAM_MESSAGES.alreadyMember);
      }
      const taken = await repo.takeInvitation(trx, sha256(token), this.now());
      if (!taken) throw notFound(TEAM_MESSAGES.invitationInvalid);
      // Events deleted since the invitation are simply not given.
      const eventIds =
        taken.event_ids === null
          ? null
          : await repo.ownedEventIds(trx, taken.organiser_id, taken.event_ids);
      await repo.upsertMember(trx, {
        organiserId: taken.organiser_id,
        userId,
        role: taken.role,
        eventIds,
      });
    });
    const workspace = (await this.access.workspaces(userId)).find(
      (w) => w.organiserId === invitation.organiser_id,
    );
    if (!workspace) throw notFound(TEAM_MESSAGES.invitationInvalid);
    return workspace;
  }

  /**
   * The address a live invitation was sent to, for a sign-up, a verification or a new code
   * made from its link (decision 053). Wrong tokens count like the preview's.
   */
  async invitedEmail(ip: string, token: string): Promise<string> {
    return (await this.liveInvitation(ip, token)).email;
  }

  private async liveInvitation(ip: string, token: string): Promise<repo.InvitationRow> {
    await this.limits.tokenFailuresPerIp.check(ip);
    const invitation = await repo.findInvitation(this.db, sha256(token.trim()), this.now());
    if (!invitation) {
      await this.limits.tokenFailuresPerIp.penalise(ip);
      throw notFound(TEAM_MESSAGES.invitationInvalid);
    }
    return invitation;
  }

  // Check-ins ------------------------------------------------------------------------------------

  /** The event's check-ins per steward and per hour; the caller's access was checked. */
  async checkinStats(organiserId: string, eventId: string): Promise<CheckinStatsDto> {
    const resource = await repo.resourceOwner(this.db, 'event', eventId);
    if (!resource || resource.ownerId !== organiserId) throw notFound(NOT_FOUND_OF.event);
    const [byUser, byHour, members, byListAndUser] = await Promise.all([
      repo.checkinsByUser(this.db, eventId),
      repo.checkinsByHour(this.db, eventId),
      repo.listMembers(this.db, organiserId),
      repo.checkinsByListAndUser(this.db, eventId),
    ]);
    const roleOf = (id: string | null): TeamRole | null => {
      if (!id) return null;
      if (id === organiserId) return 'owner';
      return members.find((m) => m.user_id === id)?.role ?? null;
    };
    return {
      total: byUser.reduce((sum, r) => sum + r.admitted, 0),
      byUser: byUser.map((r) => ({
        userId: r.user_id,
        name: r.full_name ?? 'A former account',
        role: roleOf(r.user_id),
        admitted: r.admitted,
        devices: r.devices,
        lastAt: new Date(r.last_at).toISOString(),
      })),
      byHour: byHour.map((h) => ({
        hour: new Date(h.hour).toISOString(),
        admitted: h.admitted,
      })),
      byList: byListOf(byListAndUser),
    };
  }

  // Helpers --------------------------------------------------------------------------------------

  private expiry(): Date {
    return new Date(this.now().getTime() + TEAM_LIMITS.invitationTtlDays * 86_400_000);
  }

  private async checkEvents(
    organiserId: string,
    body: { eventIds?: string[] | null },
  ): Promise<string[] | null> {
    if (body.eventIds === undefined || body.eventIds === null) return null;
    const owned = await repo.ownedEventIds(this.db, organiserId, body.eventIds);
    if (owned.length !== body.eventIds.length)
      throw fieldError('eventIds', TEAM_MESSAGES.eventNotRecognised);
    return body.eventIds;
  }

  private async eventRefs(
    organiserId: string,
    ids: string[],
    db: Kysely<Database> = this.db,
  ): Promise<Map<string, TeamEventRef>> {
    const unique = [...new Set(ids)];
    const rows = await repo.organiserEvents(db, organiserId, unique);
    return new Map(rows.map((e) => [e.id, { id: e.id, title: e.title }]));
  }

  private async mailInvitation(
    trx: Kysely<Database>,
    invitation: repo.InvitationRow,
    token: string,
  ): Promise<void> {
    const name = (await repo.organiserName(trx, invitation.organiser_id)) ?? 'An organiser';
    const refs = await this.eventRefs(invitation.organiser_id, invitation.event_ids ?? [], trx);
    const titles = refsOf(invitation.event_ids, refs)?.map((e) => e.title) ?? null;
    const link = `${this.publicUrl}/team/join?token=${encodeURIComponent(token)}`;
    await this.mail.enqueue(
      trx,
      invitationMail(invitation.email, name, invitation.role, titles, link),
    );
  }
}

/** The rows per list and user, grouped per list (lists in the order they were made). */
function byListOf(rows: ListUserStatRow[]): CheckinStatsDto['byList'] {
  const lists = new Map<string, CheckinStatsDto['byList'][number]>();
  for (const r of rows) {
    const list = lists.get(r.list_id) ?? {
      listId: r.list_id,
      name: r.list_name,
      admitted: 0,
      byUser: [],
    };
    list.admitted += r.admitted;
    list.byUser.push({
      userId: r.user_id,
      name: r.full_name ?? 'A former account',
      admitted: r.admitted,
      firstAt: new Date(r.first_at).toISOString(),
      lastAt: new Date(r.last_at).toISOString(),
    });
    lists.set(r.list_id, list);
  }
  return [...lists.values()];
}

function fieldError(field: string, message: string): AppError {
  return new AppError(400, 'VALIDATION_FAILED', message, { issues: [{ field, message }] });
}
