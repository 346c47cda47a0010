import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database>;

export type ResourceKind = 'event' | 'order' | 'promo';

/** What the repository resolves itself: an order's event is the orders module's to say. */
export type OwnResourceKind = Exclude<ResourceKind, 'order'>;

export interface MembershipRow {
  organiser_id: string;
  role: 'manager' | 'door';
  all_events: boolean;
  event_ids: string[];
  last_active_at: Date | null;
}

/** The owner and event of a thing a manage route names, or undefined when there is none. */
export async function resourceOwner(
  db: Db,
  kind: OwnResourceKind,
  id: string,
): Promise<{ ownerId: string; eventId: string } | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  if (kind === 'event') {
    const row = await db
      .selectFrom('events')
      .select(['owner_id', 'id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ownerId: row.owner_id, eventId: row.id };
  }
  const row = await db
    .selectFrom('promo_codes as x')
    .innerJoin('events as e', 'e.id', 'x.event_id')
    .select(['e.owner_id', 'e.id'])
    .where('x.id', '=', id)
    .executeTakeFirst();
  return row && { ownerId: row.owner_id, eventId: row.id };
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
    .select(['m.organiser_id', 'm.role', 'm.all_events', 'm.last_active_at'])
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
  const [own, membership] = await Promise.all([
    db
      .selectFrom('events')
      .select(sql<number>`1`.as('one'))
      .where('owner_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('team_members as m')
      .select(['m.organiser_id', 'm.role', 'm.all_events', 'm.last_active_at'])
      .select(memberEvents().as('event_ids'))
      .where('m.user_id', '=', userId)
      .orderBy('m.created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { ownEvents: Boolean(own), membership };
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
}

export function listMembers(db: Db, organiserId: string): Promise<MemberListRow[]> {
  return db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.user_id',
      'u.full_name',
      'u.email',
      'm.role',
      'm.all_events',
      'm.created_at',
      'm.last_active_at',
    ])
    .select(memberEvents().as('event_ids'))
    .where('m.organiser_id', '=', organiserId)
    .orderBy('u.full_name')
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
    .innerJoin('users as o', 'o.id', 'm.organiser_id')
    .leftJoin('organiser_settings as s', 's.user_id', 'm.organiser_id')
    .select(['m.organiser_id', 'm.role', 'm.all_events', 'm.created_at'])
    .select(sql<string>`coalesce(nullif(s.public_name, ''), o.full_name)`.as('organiser_name'))
    .select(memberEvents().as('event_ids'))
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at', 'desc')
    .execute();
}

export async function organiserName(db: Db, organiserId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users as o')
    .leftJoin('organiser_settings as s', 's.user_id', 'o.id')
    .select(sql<string>`coalesce(nullif(s.public_name, ''), o.full_name)`.as('name'))
    .where('o.id', '=', organiserId)
    .executeTakeFirst();
  return row?.name;
}

export interface EventRefRow {
  id: string;
  title: string;
  start_at: Date | null;
  status: string;
}

/** The organiser's events by id (only theirs), or all of them that are not drafts. */
export function organiserEvents(
  db: Db,
  organiserId: string,
  ids?: readonly string[],
): Promise<EventRefRow[]> {
  if (ids && ids.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('events')
    .select(['id', 'title', 'start_at', 'status'])
    .where('owner_id', '=', organiserId);
  query = ids ? query.where('id', 'in', ids) : query.where('status', '!=', 'draft');
  return query.orderBy('start_at').orderBy('title').execute();
}

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
export async function ownedEventIds(
  db: Db,
  organiserId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where('owner_id', '=', organiserId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function findUser(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; full_name: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

// Check-ins ------------------------------------------------------------------------------------

export interface CheckinStatRow {
  user_id: string | null;
  full_name: string | null;
  admitted: number;
  devices: number;
  last_at: Date;
}

export function checkinsByUser(db: Db, eventId: string): Promise<CheckinStatRow[]> {
  return db
    .selectFrom('checkin_log as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.user_id', 'u.full_name'])
    .select(sql<number>`count(*)::int`.as('admitted'))
    .select(sql<number>`count(distinct c.device_id)::int`.as('devices'))
    .select(sql<Date>`max(c.created_at)`.as('last_at'))
    .where('c.event_id', '=', eventId)
    .where('c.result', '=', 'admitted')
    .groupBy(['c.user_id', 'u.full_name'])
    .orderBy(sql`count(*)`, 'desc')
    .execute();
}

export function checkinsByHour(
  db: Db,
  eventId: string,
): Promise<{ hour: Date; admitted: number }[]> {
  return db
    .selectFrom('checkin_log')
    .select(sql<Date>`date_trunc('hour', created_at)`.as('hour'))
    .select(sql<number>`count(*)::int`.as('admitted'))
    .where('event_id', '=', eventId)
    .where('result', '=', 'admitted')
    .groupBy(sql`date_trunc('hour', created_at)`)
    .orderBy(sql`date_trunc('hour', created_at)`)
    .execute();
}
