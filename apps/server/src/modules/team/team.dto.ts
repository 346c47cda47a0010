import type { MemberRole, TeamEventRef, TeamInvitationDto, TeamMemberDto } from '@gatepass/shared';
import type { InvitationRow, MemberListRow } from './team.repository.ts';

/** Team rows as the API answers them. */

export function refsOf(
  ids: string[] | null,
  refs: Map<string, TeamEventRef>,
): TeamEventRef[] | null {
  if (ids === null) return null;
  return ids.flatMap((id) => {
    const ref = refs.get(id);
    return ref ? [ref] : [];
  });
}

/** A steward's check-in list as the team page shows it. */
export type CheckinListRef = { id: string; name: string; eventId: string };

export function memberDto(
  m: MemberListRow,
  refs: Map<string, TeamEventRef>,
  lists: Map<string, CheckinListRef> = new Map(),
): TeamMemberDto {
  return {
    userId: m.user_id,
    fullName: m.full_name,
    email: m.email,
    role: m.role,
    events: refsOf(m.all_events ? null : m.event_ids, refs),
    joinedAt: m.created_at.toISOString(),
    lastActiveAt: m.last_active_at?.toISOString() ?? null,
    checkinList: (m.checkin_list_id && lists.get(m.checkin_list_id)) || null,
  };
}

export function invitationDto(
  i: InvitationRow,
  refs: Map<string, TeamEventRef>,
  now: Date,
): TeamInvitationDto {
  return {
    id: i.id,
    email: i.email,
    role: i.role as MemberRole,
    events: refsOf(i.event_ids, refs),
    createdAt: i.created_at.toISOString(),
    expiresAt: i.expires_at.toISOString(),
    expired: i.expires_at.getTime() <= now.getTime(),
  };
}
