import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database>;
import { accounts } from '../auth/auth.accounts.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { CheckinLogTable } from './checkin.table.ts';

export type LogResult = CheckinLogTable['result'];

export async function insertCheckinLog(
  db: Kysely<Database>,
  rows: {
    eventId: string;
    orderId: string | null;
    code: string;
    result: CheckinLogTable['result'];
    userId: string;
    deviceId?: string | null;
    listId?: string | null;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('checkin_log')
    .values(
      rows.map((r) => ({
        event_id: r.eventId,
        order_id: r.orderId,
        code: r.code,
        result: r.result,
        user_id: r.userId,
        device_id: r.deviceId ?? null,
        list_id: r.listId ?? null,
      })),
    )
    .execute();
}

// Statistics (checkin.stats.ts) --------------------------------------------------------------

export interface CheckinStatRow {
  user_id: string | null;
  full_name: string | null;
  admitted: number;
  devices: number;
  last_at: Date;
}

/** Admissions per user who scanned them (their account's name, if it still exists). */
export function checkinsByUser(db: Kysely<Database>, eventId: string): Promise<CheckinStatRow[]> {
  return db
    .selectFrom('checkin_log as c')
    .select('c.user_id')
    .select(sql<number>`count(*)::int`.as('admitted'))
    .select(sql<number>`count(distinct c.device_id)::int`.as('devices'))
    .select(sql<Date>`max(c.created_at)`.as('last_at'))
    .select(accounts.fullNameOf(sql.ref('c.user_id')).as('full_name'))
    .where('c.event_id', '=', eventId)
    .where('c.result', '=', 'admitted')
    .groupBy('c.user_id')
    .orderBy(sql`count(*)`, 'desc')
    .execute();
}

export function checkinsByHour(
  db: Kysely<Database>,
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

// Check-in lists (decision 084) ---------------------------------------------------------------

export interface CheckinListRow {
  id: string;
  event_id: string;
  name: string;
}

export function findList(db: Db, listId: string): Promise<CheckinListRow | undefined> {
  return db
    .selectFrom('checkin_lists')
    .select(['id', 'event_id', 'name'])
    .where('id', '=', listId)
    .executeTakeFirst();
}

export function findListsOfEvent(db: Db, eventId: string): Promise<CheckinListRow[]> {
  return db
    .selectFrom('checkin_lists')
    .select(['id', 'event_id', 'name'])
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The ticket types of an event's lists (name lent by events), in the event's order of types. */
export function findListTypesOfEvent(
  db: Db,
  eventId: string,
): Promise<{ list_id: string; ticket_type_id: string; name: string | null }[]> {
  const type = sql.ref<string>('t.ticket_type_id');
  return db
    .selectFrom('checkin_list_types as t')
    .innerJoin('checkin_lists as l', 'l.id', 't.list_id')
    .select(['t.list_id', 't.ticket_type_id'])
    .select(eventLookup.ticketTypeNameOf(type).as('name'))
    .where('l.event_id', '=', eventId)
    .orderBy(eventLookup.ticketTypePositionOf(type))
    .orderBy(eventLookup.ticketTypeCreatedAtOf(type))
    .execute();
}

export function countListsOfEvent(db: Db, eventId: string): Promise<number> {
  return db
    .selectFrom('checkin_lists')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
}

/** A new list and its types; undefined when the event has a list of that name already. */
export async function insertList(
  trx: Db,
  eventId: string,
  name: string,
  ticketTypeIds: string[],
): Promise<CheckinListRow | undefined> {
  const list = await trx
    .insertInto('checkin_lists')
    .values({ event_id: eventId, name })
    .onConflict((oc) => oc.expression(sql`event_id, lower(name)`).doNothing())
    .returning(['id', 'event_id', 'name'])
    .executeTakeFirst();
  if (!list) return undefined;
  await trx
    .insertInto('checkin_list_types')
    .values(ticketTypeIds.map((id) => ({ list_id: list.id, ticket_type_id: id })))
    .execute();
  return list;
}

export async function deleteList(db: Db, eventId: string, listId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('checkin_lists')
    .where('id', '=', listId)
    .where('event_id', '=', eventId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Orders let in at each of an event's lists. */
export function countAdmittedByList(
  db: Db,
  eventId: string,
): Promise<{ list_id: string; admitted: number }[]> {
  return db
    .selectFrom('checkin_list_entries as e')
    .innerJoin('checkin_lists as l', 'l.id', 'e.list_id')
    .select('e.list_id')
    .select(sql<number>`count(*)::int`.as('admitted'))
    .where('l.event_id', '=', eventId)
    .groupBy('e.list_id')
    .execute();
}

/** When each order was let in at this list (its own check-in state). */
export function findListEntries(
  db: Db,
  listId: string,
  orderIds?: string[],
): Promise<{ order_id: string; created_at: Date }[]> {
  if (orderIds && orderIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('checkin_list_entries')
    .select(['order_id', 'created_at'])
    .where('list_id', '=', listId);
  if (orderIds) query = query.where('order_id', 'in', orderIds);
  return query.execute();
}

/**
 * Lets orders in at a list: one row per (list, order), the first insert wins. Under a burst
 * of the same code, the primary key makes every other insert wait for the first and then do
 * nothing, so exactly one comes back as admitted.
 */
export async function insertListEntries(
  trx: Db,
  listId: string,
  orderIds: string[],
  userId: string,
  deviceId: string | null,
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await trx
    .insertInto('checkin_list_entries')
    .values(
      orderIds.map((id) => ({
        list_id: listId,
        order_id: id,
        user_id: userId,
        device_id: deviceId,
      })),
    )
    .onConflict((oc) => oc.columns(['list_id', 'order_id']).doNothing())
    .returning('order_id')
    .execute();
  return rows.map((r) => r.order_id);
}

export interface ListUserStatRow {
  list_id: string;
  list_name: string;
  user_id: string | null;
  full_name: string | null;
  admitted: number;
  first_at: Date;
  last_at: Date;
}

/** Admissions per list and per user who scanned them (figures on the event page). */
export function checkinsByListAndUser(db: Db, eventId: string): Promise<ListUserStatRow[]> {
  return db
    .selectFrom('checkin_log as c')
    .innerJoin('checkin_lists as l', 'l.id', 'c.list_id')
    .select(['c.list_id as list_id', 'l.name as list_name', 'c.user_id'])
    .select(sql<number>`count(*)::int`.as('admitted'))
    .select(sql<Date>`min(c.created_at)`.as('first_at'))
    .select(sql<Date>`max(c.created_at)`.as('last_at'))
    .select(accounts.fullNameOf(sql.ref('c.user_id')).as('full_name'))
    .where('c.event_id', '=', eventId)
    .where('c.result', '=', 'admitted')
    .groupBy(['c.list_id', 'l.name', 'l.created_at', 'c.user_id'])
    .orderBy('l.created_at')
    .orderBy(sql`count(*)`, 'desc')
    .execute() as Promise<ListUserStatRow[]>;
}
