import { z } from 'zod';
import { MEMBER_ROLES, TEAM_ROLES } from '../roles.ts';
import { emailField } from './auth.ts';

/**
 * Teams (issue 13): an organiser account (the owner) invites managers and door stewards,
 * who work with their own logins. Roles are per organiser; a person may belong to several
 * organisers' teams and chooses which one they work for (the web sends ORGANISER_HEADER).
 */

export const TEAM_LIMITS = {
  /** Days an invitation link stays valid. */
  invitationTtlDays: 7,
  /** Events one member may be given by name (beyond that: all events). */
  eventIdsMax: 200,
  /** The device id a door sends with its calls. */
  deviceIdMax: 64,
} as const;

/** The organiser a member works for, on every manage call (absent: their default). */
export const ORGANISER_HEADER = 'x-gatepass-organiser';
/** A door device's own random id, recorded with each check-in. */
export const DEVICE_HEADER = 'x-gatepass-device';

const role = z.enum(MEMBER_ROLES, { error: 'Role must be manager or door.' });
const eventIds = z
  .array(z.uuid({ error: 'An event is not recognised.' }), {
    error: 'Events must be a list of events.',
  })
  .max(TEAM_LIMITS.eventIdsMax, `At most ${TEAM_LIMITS.eventIdsMax} events.`)
  .transform((ids) => [...new Set(ids)]);

/**
 * Invite someone (owner). `eventIds` absent or null: every event of the organiser, now and
 * later; a list: just those (door stewards are usually given one or two).
 */
export const inviteMemberBody = z.object({
  email: emailField,
  role,
  eventIds: eventIds.nullable().optional(),
});
export type InviteMemberBody = z.input<typeof inviteMemberBody>;

export const invitationTokenBody = z.object({
  token: z
    .string({ error: 'This invitation link is not valid.' })
    .trim()
    .min(20, 'This invitation link is not valid.')
    .max(100, 'This invitation link is not valid.'),
});
export type InvitationTokenBody = z.input<typeof invitationTokenBody>;

/** Change a member (owner): role, events, or both; takes effect on their next request. */
export const updateMemberBody = z
  .object({
    role: role.optional(),
    eventIds: eventIds.nullable().optional(),
  })
  .refine((b) => b.role !== undefined || b.eventIds !== undefined, {
    message: 'Nothing to change: give a role or events.',
  });
export type UpdateMemberBody = z.input<typeof updateMemberBody>;

export const teamEventRef = z.object({ id: z.string(), title: z.string() });
export type TeamEventRef = z.infer<typeof teamEventRef>;

export const teamMemberDto = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  /** null: every event. */
  events: z.array(teamEventRef).nullable(),
  joinedAt: z.string(),
  /** The last request they made for this organiser (null: none yet). */
  lastActiveAt: z.string().nullable(),
  /** A door steward's check-in list (decision 084), with its event; null: none given. */
  checkinList: z.object({ id: z.string(), name: z.string(), eventId: z.string() }).nullable(),
});
export type TeamMemberDto = z.infer<typeof teamMemberDto>;

export const teamInvitationDto = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  events: z.array(teamEventRef).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvitationDto = z.infer<typeof teamInvitationDto>;

export const teamDto = z.object({
  /** The owner first, then members by name. */
  members: z.array(teamMemberDto),
  invitations: z.array(teamInvitationDto),
});
export type TeamDto = z.infer<typeof teamDto>;

/** What the join page shows before the invitee accepts. */
export const invitationPreviewDto = z.object({
  organiserName: z.string(),
  role: z.enum(MEMBER_ROLES),
  events: z.array(teamEventRef).nullable(),
  /**
   * The invited address, masked (`s•••••d@example.com`): enough for the invitee to know
   * which account to use, not enough for whoever else holds the link (issue 21 §4).
   */
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreviewDto = z.infer<typeof invitationPreviewDto>;

/** One organiser a user works for: their own account (owner) or a team they joined. */
export const workspaceDto = z.object({
  organiserId: z.string(),
  organiserName: z.string(),
  role: z.enum(TEAM_ROLES),
  /** null: every event; door stewards' list is what the door screen offers. */
  events: z.array(teamEventRef.extend({ startsAt: z.string(), status: z.string() })).nullable(),
  /** The one the server uses when the header is absent. */
  isDefault: z.boolean(),
});
export type WorkspaceDto = z.infer<typeof workspaceDto>;

export const acceptInvitationDto = z.object({ workspace: workspaceDto });
export type AcceptInvitationDto = z.infer<typeof acceptInvitationDto>;

/** Check-ins of one event per steward and per hour (the event's manage page). */
export const checkinStatsDto = z.object({
  total: z.number(),
  byUser: z.array(
    z.object({
      userId: z.string().nullable(),
      name: z.string(),
      role: z.enum(TEAM_ROLES).nullable(),
      admitted: z.number(),
      devices: z.number(),
      lastAt: z.string(),
    }),
  ),
  /** Hours (ISO, start of the hour, UTC) with at least one admission. */
  byHour: z.array(z.object({ hour: z.string(), admitted: z.number() })),
  /**
   * Per check-in list (decision 084), each with who let in how many and when; admissions at
   * the event-wide door (no list) are not in it.
   */
  byList: z.array(
    z.object({
      listId: z.string(),
      name: z.string(),
      admitted: z.number(),
      byUser: z.array(
        z.object({
          userId: z.string().nullable(),
          name: z.string(),
          admitted: z.number(),
          firstAt: z.string(),
          lastAt: z.string(),
        }),
      ),
    }),
  ),
});
export type CheckinStatsDto = z.infer<typeof checkinStatsDto>;
