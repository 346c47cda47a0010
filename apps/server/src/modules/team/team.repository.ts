import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { accounts } from '../auth/auth.accounts.ts';
import { checkinListLookup, checkinStats, type CheckinStatRow } from '../checkin/checkin.stats.ts';
import { eventLookup, type EventRef } from '../events/events.lookup.ts';
import { orderLookup } from '../orders/orders.lookup.ts';
import { promoLookup } from '../promos/promos.lookup.ts';
import { organisers } from '../settings/settings.organisers.ts';
import type { ResourceKind } from '../../plugins/access.ts';

type Db = Kysely<Database>;

/*
 * Team's data: its own tables (team_members, team_member_events, team_invitations) in SQL,
 * and what it needs of other modules' tables asked of their owners — accounts (auth), events,
 * promo codes, the check-in log, organiser names (settings) — never named here (decision 064).
 */

export interface MembershipRow {
  organiser_id: string;
  role: 'manager' | 'door';
  all_events: boolean;
  event_ids: string[];
  last_active_at: Date | null;
  checkin_list_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner and event of a thing a manage route names, or undefined when there is none. */
export async function resourceOwner(
  db: Db,
  kind: ResourceKind,
  id: string,
): Promise<{ ownerId: string; eventId: string } | undefined> {
  if (!UUID.test(id)) return undefined;
  if (kind === 'event') return eventLookup.ownerOf(db, id);
  if (kind === 'promo') {
    const eventId = await promoLookup.eventOf(db, id);
    return eventId === undefined ? undefined : eventLookup.ownerOf(db, eventId);
  }
  const eventId = await orderLookup.eventOf(db, id);
  return eventId === undefined ? undefined : eventLookup.ownerOf(db, eventId);
}

const memberEvents = () =>
  sql<string[]>`coalesce((select array_agg(me.event_id::text) from team_member_events me
    where me.organiser_id = m.organiser_id and me.user_id = m.user_id), '{}')`;

export async function findMembership(
  db: Db,
  organiserId: string,
  userId: string,
): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('team_members as m')
    .select(['m.organiser_id', 'm.role', 'm.all_events', 'm.last_active_at', 'm.checkin_list_id'])
    .select(memberEvents().as('event_ids'))
    .where('m.organiser_id', '=', organiserId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * What the server falls back on when no organiser is chosen: whether the user has events of
 * their own, and their newest membership.
 */
export async function defaultContext(
  db: Db,
  userId: string,
): Promise<{ ownEvents: boolean; membership: MembershipRow | undefined }> {
  const [ownEvents, membership] = await Promise.all([
    eventLookup.ownsAny(db, userId),
    db
      .selectFrom('team_members as m')
      .select(['m.organiser_id', 'm.role', 'm.all_events', 'm.last_active_at', 'm.checkin_list_id'])
      .select(memberEvents().as('event_ids'))
      .where('m.user_id', '=', userId)
      .orderBy('m.created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { ownEvents, membership };
}

export async function touchMember(db: Db, organiserId: string, userId: string): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ last_active_at: new Date() })
    .where('organiser_id', '=', organiserId)
    .where('user_id', '=', userId)
    .execute();
}

export interface MemberListRow {
  user_id: string;
  full_name: string;
  email: string;
  role: 'manager' | 'door';
  all_events: boolean;
  event_ids: string[];
  created_at: Date;
  last_active_at: Date | null;
  checkin_list_id: string | null;
}

export function listMembers(db: Db, organiserId: string): Promise<MemberListRow[]> {
  return db
    .selectFrom('team_members as m')
    .select([
      'm.user_id',
      'm.role',
      'm.all_events',
      'm.created_at',
      'm.last_active_at',
      'm.checkin_list_id',
    ])
    .select(accounts.fullNameOf(sql.ref('m.user_id')).as('full_name'))
    .select(accounts.emailOf(sql.ref('m.user_id')).as('email'))
    .select(memberEvents().as('event_ids'))
    .where('m.organiser_id', '=', organiserId)
    .orderBy('full_name')
    .execute();
}

export interface WorkspaceRow {
  organiser_id: string;
  organiser_name: string;
  role: 'manager' | 'door';
  all_events: boolean;
  event_ids: string[];
  created_at: Date;
}

/** The teams a user belongs to, newest first, with each organiser's public name. */
export function listMemberships(db: Db, userId: string): Promise<WorkspaceRow[]> {
  return db
    .selectFrom('team_members as m')
    .select(['m.organiser_id', 'm.role', 'm.all_events', 'm.created_at'])
    .select(organisers.displayNameOf(sql.ref('m.organiser_id')).as('organiser_name'))
    .select(memberEvents().as('event_ids'))
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at', 'desc')
    .execute();
}

/** The organiser's name as buyers and the team see it (settings' public name, else the account's). */
export const organiserName = (db: Db, organiserId: string): Promise<string | undefined> =>
  organisers.displayName(db, organiserId);

export type EventRefRow = EventRef;

/** The organiser's events by id (only theirs), or all of them that are not drafts. */
export const organiserEvents = (
  db: Db,
  organiserId: string,
  ids?: readonly string[],
): Promise<EventRefRow[]> => eventLookup.ofOrganiser(db, organiserId, ids);

export async function upsertMember(
  db: Db,
  member: {
    organiserId: string;
    userId: string;
    role: 'manager' | 'door';
    eventIds: string[] | null;
  },
): Promise<void> {
  await db
    .insertInto('team_members')
    .values({
      organiser_id: member.organiserId,
      user_id: member.userId,
      role: member.role,
      all_events: member.eventIds === null,
    })
    .onConflict((oc) =>
      oc.columns(['organiser_id', 'user_id']).doUpdateSet({
        role: member.role,
        all_events: member.eventIds === null,
      }),
    )
    .execute();
  await setMemberEvents(db, member.organiserId, member.userId, member.eventIds);
}

export async function setMemberEvents(
  db: Db,
  organiserId: string,
  userId: string,
  eventIds: string[] | null,
): Promise<void> {
  await db
    .deleteFrom('team_member_events')
    .where('organiser_id', '=', organiserId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('team_members')
    .set({ all_events: eventIds === null })
    .where('organiser_id', '=', organiserId)
    .where('user_id', '=', userId)
    .execute();
  if (eventIds?.length) {
    await db
      .insertInto('team_member_events')
      .values(eventIds.map((id) => ({ organiser_id: organiserId, user_id: userId, event_id: id })))
      .execute();
  }
}

export async function updateMemberRole(
  db: Db,
  organiserId: string,
  userId: string,
  role: 'manager' | 'door',
): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ role })
    .where('organiser_id', '=', organiserId)
    .where('user_id', '=', userId)
    .execute();
}

/** A door steward's one check-in list (decision 084), or none. */
export async function setMemberCheckinList(
  db: Db,
  organiserId: string,
  userId: string,
  listId: string | null,
): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ checkin_list_id: listId })
    .where('organiser_id', '=', organiserId)
    .where('user_id', '=', userId)
    .execute();
}

/** A check-in list by id (its event and name), asked of checkin (decision 065). */
export const findCheckinList = (db: Db, listId: string) => checkinListLookup.find(db, listId);

/** Per check-in list and user, the event's admissions (decision 084). */
export const checkinsByListAndUser = (db: Db, eventId: string) =>
  checkinStats.byListAndUser(db, eventId);

export async function deleteMember(db: Db, organiserId: string, userId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('team_members')
    .where('organiser_id', '=', organiserId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

// Invitations ----------------------------------------------------------------------------------

export interface InvitationRow {
  id: string;
  organiser_id: string;
  email: string;
  role: 'manager' | 'door';
  event_ids: string[] | null;
  expires_at: Date;
  created_at: Date;
}

const invitationColumns = [
  'id',
  'organiser_id',
  'email',
  'role',
  'event_ids',
  'expires_at',
  'created_at',
] as const;

/** An invitation mailed less than this long ago is not mailed again (decision 051). */
export const INVITATION_RESEND_SECONDS = 60;
const resendFrom = (now: Date) => new Date(now.getTime() - INVITATION_RESEND_SECONDS * 1000);

/** Writes the organiser's invitation of this address, replacing an open one (and its link). */
export async function upsertInvitation(
  db: Db,
  invitation: {
    organiserId: string;
    email: string;
    role: 'manager' | 'door';
    eventIds: string[] | null;
    tokenHash: string;
    expiresAt: Date;
    /** Now, by the app's clock. */
    sentAt: Date;
  },
): Promise<{ row: InvitationRow; sent: boolean }> {
  const eventIds = invitation.eventIds === null ? null : JSON.stringify(invitation.eventIds);
  const written = await db
    .insertInto('team_invitations')
    .values({
      organiser_id: invitation.organiserId,
      email: invitation.email,
      role: invitation.role,
      event_ids: eventIds,
      token_hash: invitation.tokenHash,
      expires_at: invitation.expiresAt,
      created_at: invitation.sentAt,
      sent_at: invitation.sentAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['organiser_id', 'email'])
        .doUpdateSet({
          role: invitation.role,
          event_ids: eventIds,
          token_hash: invitation.tokenHash,
          expires_at: invitation.expiresAt,
          created_at: invitation.sentAt,
          sent_at: invitation.sentAt,
        })
        // The same invitation mailed less than a minute ago is left as it is (its link
        // stands): twenty sends at once mail one link (decision 051). A change is sent.
        .where((eb) =>
          eb.or([
            eb('team_invitations.sent_at', '<=', resendFrom(invitation.sentAt)),
            eb('team_invitations.role', 'is distinct from', invitation.role),
            sql<boolean>`team_invitations.event_ids is distinct from ${eventIds}::jsonb`,
          ]),
        ),
    )
    .returning(invitationColumns)
    .executeTakeFirst();
  if (written) return { row: written, sent: true };
  const row = await db
    .selectFrom('team_invitations')
    .select(invitationColumns)
    .where('organiser_id', '=', invitation.organiserId)
    .where('email', '=', invitation.email)
    .executeTakeFirstOrThrow();
  return { row, sent: false };
}

export async function renewInvitation(
  db: Db,
  organiserId: string,
  id: string,
  tokenHash: string,
  expiresAt: Date,
  sentAt: Date,
): Promise<{ row: InvitationRow; sent: boolean } | undefined> {
  const renewed = await db
    .updateTable('team_invitations')
    .set({ token_hash: tokenHash, expires_at: expiresAt, sent_at: sentAt })
    .where('organiser_id', '=', organiserId)
    .where('id', '=', id)
    // Mailed less than a minute ago: that link stands, nothing is sent (decision 051).
    .where('sent_at', '<=', resendFrom(sentAt))
    .returning(invitationColumns)
    .executeTakeFirst();
  if (renewed) return { row: renewed, sent: true };
  const row = await db
    .selectFrom('team_invitations')
    .select(invitationColumns)
    .where('organiser_id', '=', organiserId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { row, sent: false };
}

export function listInvitations(db: Db, organiserId: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('team_invitations')
    .select(invitationColumns)
    .where('organiser_id', '=', organiserId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function deleteInvitation(db: Db, organiserId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('team_invitations')
    .where('organiser_id', '=', organiserId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** A live invitation by its token's hash. */
export function findInvitation(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('team_invitations')
    .select(invitationColumns)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Takes the invitation (single use): deleted, and answered, only by the first caller. */
export function takeInvitation(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  return db
    .deleteFrom('team_invitations')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .returning(invitationColumns)
    .executeTakeFirst();
}

/** Ids among `ids` that are events of this organiser. */
export const ownedEventIds = (db: Db, organiserId: string, ids: readonly string[]) =>
  eventLookup.ownedIds(db, organiserId, ids);

export async function findUser(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; full_name: string } | undefined> {
  const contact = await accounts.contact(db, userId);
  return contact && { id: userId, email: contact.email, full_name: contact.fullName };
}

// Check-ins (the checkin module's log) ----------------------------------------------------------

export type { CheckinStatRow };

export const checkinsByUser = (db: Db, eventId: string): Promise<CheckinStatRow[]> =>
  checkinStats.byUser(db, eventId);

export const checkinsByHour = (db: Db, eventId: string) => checkinStats.byHour(db, eventId);
