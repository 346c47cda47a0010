import {
  acceptInvitationDto,
  checkinStatsDto,
  envelope,
  errorBody,
  idField,
  invitationPreviewDto,
  invitationTokenBody,
  inviteMemberBody,
  memberCheckinListBody,
  messageEnvelope,
  teamDto,
  teamInvitationDto,
  teamMemberDto,
  updateMemberBody,
  workspaceDto,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessFor, actingOrganiser } from '../../plugins/access.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { organiserErrors } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { TeamService } from './team.service.ts';

// 403: a team member whose role may not do this (the owner's own pages).
const errors = { ...organiserErrors, 403: errorBody };
const security = [{ bearer: [] }];

/**
 * The owner's team (web /events/manage/team/) under /api/v1/events/manage/team, and the
 * check-in figures of an event's door under /api/v1/events/manage/checkins.
 */
export function manageTeamRoutes(team: TeamService, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireUser(auth));
    app.addHook('onRoute', accessFor('owner'));
    const tags = ['organiser: team'];
    const invitationParams = z.object({ invitationId: idField });
    const memberParams = z.object({ userId: idField });

    app.get('/team', {
      schema: {
        tags,
        security,
        summary:
          'The team: the owner and members with role, events and last activity, and open invitations (owner only)',
        response: { 200: envelope(teamDto), ...errors },
      },
      handler: async (request) => ({ data: await team.team(actingOrganiser(request)) }),
    });

    app.post('/team/invitations', {
      schema: {
        tags,
        security,
        summary: 'Invite someone as manager or door steward (owner only)',
        description:
          'Mails a single-use link to /team/join?token=… (stored hashed, valid 7 days). Inviting the same address again replaces the old link. `eventIds` absent or null: every event; door stewards may be given a list. Managers always work on every event.',
        body: inviteMemberBody,
        response: { 201: envelope(teamInvitationDto), ...errors, 429: errorBody },
      },
      handler: async (request, reply) => {
        const invitation = await team.invite(actingOrganiser(request), request.body);
        return reply
          .status(201)
          .send({ data: invitation, message: `Invitation sent to ${invitation.email}.` });
      },
    });

    app.post('/team/invitations/:invitationId/resend', {
      schema: {
        tags,
        security,
        summary: 'Send the invitation again with a new link (the old one stops working)',
        params: invitationParams,
        response: { 200: envelope(teamInvitationDto), ...errors, 429: errorBody },
      },
      handler: async (request) => {
        const invitation = await team.resendInvitation(
          actingOrganiser(request),
          request.params.invitationId,
        );
        return { data: invitation, message: `Invitation sent again to ${invitation.email}.` };
      },
    });

    app.delete('/team/invitations/:invitationId', {
      schema: {
        tags,
        security,
        summary: 'Withdraw an invitation (its link stops working)',
        params: invitationParams,
        response: { 200: messageEnvelope, ...errors },
      },
      handler: async (request) => {
        const message = await team.withdrawInvitation(
          actingOrganiser(request),
          request.params.invitationId,
        );
        return { data: { message }, message };
      },
    });

    app.patch('/team/members/:userId', {
      schema: {
        tags,
        security,
        summary: "Change a member's role or events; takes effect on their next request",
        params: memberParams,
        body: updateMemberBody,
        response: { 200: envelope(teamMemberDto), ...errors },
      },
      handler: async (request) => ({
        data: await team.updateMember(
          actingOrganiser(request),
          request.params.userId,
          request.body,
        ),
        message: 'Team member updated.',
      }),
    });

    app.put('/team/members/:userId/checkin-list', {
      schema: {
        tags,
        security,
        summary:
          'Give a door steward one check-in list (or none: null); their door checks it from their next request',
        params: memberParams,
        body: memberCheckinListBody,
        response: { 200: envelope(teamMemberDto), ...errors },
      },
      handler: async (request) => {
        const member = await team.setCheckinList(
          actingOrganiser(request),
          request.params.userId,
          request.body.listId,
        );
        return {
          data: member,
          message: member.checkinList
            ? `${member.fullName} checks tickets at the ${member.checkinList.name}.`
            : `${member.fullName} checks the whole event's door.`,
        };
      },
    });

    app.delete('/team/members/:userId', {
      schema: {
        tags,
        security,
        summary: 'Remove a member; their next request for this organiser is refused',
        params: memberParams,
        response: { 200: messageEnvelope, ...errors },
      },
      handler: async (request) => {
        const message = await team.removeMember(actingOrganiser(request), request.params.userId);
        return { data: { message }, message };
      },
    });

    app.get('/checkins', {
      config: { access: 'manage' },
      schema: {
        tags: ['door'],
        security,
        summary: "An event's check-ins per steward (user, devices) and per hour (owner, manager)",
        querystring: z.object({ eventId: idField }),
        response: { 200: envelope(checkinStatsDto), ...errors },
      },
      handler: async (request) => ({
        data: await team.checkinStats(actingOrganiser(request), request.query.eventId),
      }),
    });
  };
}

/** The invitee's side and the workspace list, under /api/v1/team. */
export function teamRoutes(team: TeamService, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['team'];

    app.post('/invitations/preview', {
      schema: {
        tags,
        summary: 'What an invitation link offers: whose team, which role, which events',
        description:
          'Public: the join page shows it before sign-up or login. Wrong or expired tokens count against the address (20 an hour), then 429.',
        body: invitationTokenBody,
        response: {
          200: envelope(invitationPreviewDto),
          400: errorBody,
          404: errorBody,
          429: errorBody,
        },
      },
      handler: async (request) => ({ data: await team.preview(request.ip, request.body.token) }),
    });

    app.post('/invitations/accept', {
      onRequest: requireUser(auth),
      schema: {
        tags,
        security,
        summary: "Join the team with your own login (the invited email's account)",
        description:
          'Single use. 403 when signed in with another email than the invited one; 409 for the owner or an existing member; 404 for a used, withdrawn or expired link.',
        body: invitationTokenBody,
        response: { 200: envelope(acceptInvitationDto), ...errors, 429: errorBody },
      },
      handler: async (request) => {
        const workspace = await team.accept(
          request.ip,
          currentUser(request).id,
          request.body.token,
        );
        return {
          data: { workspace },
          message: `You joined ${workspace.organiserName}’s team.`,
        };
      },
    });

    app.get('/workspaces', {
      onRequest: requireUser(auth),
      schema: {
        tags,
        security,
        summary: 'The organisers you work for: your own account and the teams you joined',
        response: { 200: envelope(z.array(workspaceDto)), 401: errorBody },
      },
      handler: async (request) => ({ data: await team.access.workspaces(currentUser(request).id) }),
    });
  };
}
