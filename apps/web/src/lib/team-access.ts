import { isMemberRole, type WorkspaceDto } from '@gatepass/shared';
import { localStore } from './storage.ts';

/**
 * Issue 21 §6: a device must forget a team's attendee lists as soon as it learns its user
 * was removed from that team, on any page — not only on that door's own page. To know what
 * was lost, the device remembers (local storage `gatepass.teams`) the teams its signed-in
 * user worked for at the last answer of GET /team/workspaces, with the events whose door
 * this device opened for each. Only ids and the organisers' names: no attendee data.
 * See decision 053.
 */

export const TEAMS_KEY = 'gatepass.teams';

export interface KnownTeam {
  organiserId: string;
  organiserName: string;
  /** Events of this organiser the device may hold door caches of. */
  eventIds: string[];
}

interface KnownTeams {
  userId: string;
  teams: KnownTeam[];
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isKnownTeams(value: unknown): value is KnownTeams {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<KnownTeams>;
  return (
    typeof v.userId === 'string' &&
    Array.isArray(v.teams) &&
    v.teams.every(
      (t) =>
        typeof t?.organiserId === 'string' &&
        typeof t.organiserName === 'string' &&
        Array.isArray(t.eventIds) &&
        t.eventIds.every((id) => typeof id === 'string'),
    )
  );
}

function read(store: Store | undefined): KnownTeams | null {
  try {
    const text = store?.getItem(TEAMS_KEY);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    return isKnownTeams(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function write(store: Store | undefined, value: KnownTeams | null): void {
  try {
    if (value && value.teams.length) store?.setItem(TEAMS_KEY, JSON.stringify(value));
    else store?.removeItem(TEAMS_KEY);
  } catch {
    // Blocked or full storage: the door's own refusal still clears its event (decision 039).
  }
}

/** Whether this device remembers a team of this user (then every page load asks again). */
export function hasKnownTeams(userId: string, store: Store | undefined = localStore()): boolean {
  const known = read(store);
  return known !== null && known.userId === userId && known.teams.length > 0;
}

/**
 * The door opened `eventId` while working for `organiserId`: when that is one of the
 * signed-in user's teams (the record is theirs: reset at logout and at another user's
 * answer), remember it, so a later removal from that team forgets this event's list too
 * (a manager's workspace does not list events).
 */
export function rememberTeamDoor(
  organiserId: string,
  eventId: string,
  store: Store | undefined = localStore(),
): void {
  const known = read(store);
  if (!known) return;
  const team = known.teams.find((t) => t.organiserId === organiserId);
  if (!team || team.eventIds.includes(eventId)) return;
  team.eventIds.push(eventId);
  write(store, known);
}

/**
 * A fresh answer of GET /team/workspaces for `userId`: the teams remembered before and
 * missing now are returned (the user was removed from them, or the organiser closed the
 * account), and the answer is remembered for next time. Another user's record is replaced
 * without reporting anything: their teams are not this user's news.
 */
export function reconcileTeams(
  userId: string,
  workspaces: readonly Pick<WorkspaceDto, 'organiserId' | 'organiserName' | 'role' | 'events'>[],
  store: Store | undefined = localStore(),
): KnownTeam[] {
  const before = read(store);
  const previous = before && before.userId === userId ? before.teams : [];
  const teams: KnownTeam[] = workspaces
    .filter((w) => isMemberRole(w.role) && w.organiserId !== userId)
    .map((w) => {
      const old = previous.find((t) => t.organiserId === w.organiserId);
      const listed = w.events?.map((e) => e.id) ?? [];
      return {
        organiserId: w.organiserId,
        organiserName: w.organiserName,
        eventIds: [...new Set([...(old?.eventIds ?? []), ...listed])],
      };
    });
  write(store, { userId, teams });
  return previous.filter((t) => !teams.some((now) => now.organiserId === t.organiserId));
}

/** At logout: the next user of the device starts with nothing remembered. */
export function forgetKnownTeams(store: Store | undefined = localStore()): void {
  write(store, null);
}

/** What the removed member is told, on whatever page they are (issue 21 §6). */
export const removedFromTeamMessage = (organiserName: string): string =>
  `You were removed from ${organiserName}'s team. Its attendee lists were deleted from this device.`;
