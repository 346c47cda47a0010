import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { WaitlistEntryRow } from './waitlist.table.ts';

type Db = Kysely<Database>;

/**
 * Takes a place in line. A live place (waiting or offered) of the same email for the same
 * type is kept as it is: the answer is the same, and nobody learns who is in line.
 */
export async function insertEntry(
  db: Db,
  entry: {
    eventId: string;
    ticketTypeId: string;
    name: string;
    email: string;
    emailKey: string;
    quantity: number;
  },
): Promise<WaitlistEntryRow | undefined> {
  return db
    .insertInto('waitlist_entries')
    .values({
      event_id: entry.eventId,
      ticket_type_id: entry.ticketTypeId,
      name: entry.name,
      email: entry.email,
      email_key: entry.emailKey,
      quantity: entry.quantity,
    })
    .onConflict((oc) =>
      oc
        .columns(['ticket_type_id', 'email_key'])
        .where('status', 'in', ['waiting', 'offered'])
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** How many people wait (not yet offered) for any of these ticket types. */
export async function countWaiting(db: Db, ticketTypeIds: string[]): Promise<number> {
  if (ticketTypeIds.length === 0) return 0;
  const row = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('ticket_type_id', 'in', ticketTypeIds)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * This email's place in the type's line: live places (waiting or offered) up to and with
 * its own, so people who left or were served ahead of it no longer count. 0 when it has none.
 */
export async function placeInLine(db: Db, ticketTypeId: string, emailKey: string): Promise<number> {
  const row = await db
    .selectFrom('waitlist_entries as w')
    .select(sql<number>`count(*)::int`.as('place'))
    .where('w.ticket_type_id', '=', ticketTypeId)
    .where('w.status', 'in', ['waiting', 'offered'])
    .where('w.position', '<=', (eb) =>
      eb
        .selectFrom('waitlist_entries as me')
        .select('me.position')
        .where('me.ticket_type_id', '=', ticketTypeId)
        .where('me.email_key', '=', emailKey)
        .where('me.status', 'in', ['waiting', 'offered'])
        .limit(1),
    )
    .executeTakeFirst();
  return row?.place ?? 0;
}

/**
 * The first waiting person of this type whose quantity fits in `left`, locked until the
 * transaction ends. SKIP LOCKED: a second process offering tickets of the same type at the
 * same moment passes over this person to the next, instead of offering them twice.
 */
export function lockNextWaiting(
  db: Db,
  ticketTypeId: string,
  left: number,
): Promise<WaitlistEntryRow | undefined> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('ticket_type_id', '=', ticketTypeId)
    .where('status', '=', 'waiting')
    .where('quantity', '<=', left)
    .orderBy('position')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Records the offer on the locked entry (re-checked: still waiting). */
export function markOffered(
  db: Db,
  id: string,
  offer: { orderId: string; claimTokenHash: string; until: Date },
): Promise<WaitlistEntryRow | undefined> {
  return db
    .updateTable('waitlist_entries')
    .set({
      status: 'offered',
      order_id: offer.orderId,
      claim_token_hash: offer.claimTokenHash,
      offered_at: sql<Date>`now()`,
      offered_until: offer.until,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Offers whose orders ended without being paid (expired, cancelled): they pass on. Answers
 * the entries that expired, with what their lapse mail names.
 */
export async function expireOffers(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .with('expired', (w) =>
      w
        .updateTable('waitlist_entries')
        .set({ status: 'expired', updated_at: sql<Date>`now()` })
        .where('order_id', 'in', orderIds)
        .where('status', '=', 'offered')
        .returning(['id', 'event_id', 'ticket_type_id', 'name', 'email', 'quantity']),
    )
    .selectFrom('expired as x')
    .select([
      'x.id',
      'x.name',
      'x.email',
      'x.quantity',
      eventLookup.ticketTypeNameOf(sql.ref<string>('x.ticket_type_id')).as('ticket_type_name'),
      eventLookup.titleOf(sql.ref<string>('x.event_id')).as('event_title'),
      eventLookup.slugOf(sql.ref<string>('x.event_id')).as('event_slug'),
    ])
    .execute();
}

/** Offers whose orders were paid. */
export async function markClaimed(db: Db, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('waitlist_entries')
    .set({ status: 'claimed', claim_token_hash: null, updated_at: sql<Date>`now()` })
    .where('order_id', 'in', orderIds)
    .where('status', 'in', ['offered', 'expired'])
    .execute();
}

export function findByClaimToken(db: Db, hash: string): Promise<WaitlistEntryRow | undefined> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('claim_token_hash', '=', hash)
    .executeTakeFirst();
}

/** Ticket types with people waiting and tickets left (events' answer): the sweeper's work. */
export function typesWithWaitingAndTicketsLeft(db: Db, eventId?: string) {
  let query = db
    .selectFrom('waitlist_entries as w')
    .select('w.ticket_type_id as id')
    .distinct()
    .where('w.status', '=', 'waiting')
    .where('w.ticket_type_id', 'in', eventLookup.typesWithTicketsLeft(eventId));
  if (eventId) query = query.where('w.event_id', '=', eventId);
  return query.limit(500).execute();
}

/** The event's whole list, in line order per ticket type (the offers' order codes: orders'). */
export function listForEvent(db: Db, eventId: string) {
  const type = sql.ref<string>('w.ticket_type_id');
  return db
    .selectFrom('waitlist_entries as w')
    .select([
      'w.id',
      'w.position',
      'w.ticket_type_id',
      eventLookup.ticketTypeNameOf(type).as('ticket_type_name'),
      'w.name',
      'w.email',
      'w.quantity',
      'w.status',
      'w.offered_until',
      'w.order_id',
      'w.created_at',
    ])
    .where('w.event_id', '=', eventId)
    .orderBy(eventLookup.ticketTypePositionOf(type))
    .orderBy(eventLookup.ticketTypeCreatedAtOf(type))
    .orderBy('w.position')
    .limit(5000)
    .execute();
}

export function findEntry(db: Db, eventId: string, id: string) {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Takes a live place off the list: removed by the organiser, or left by the person. */
export function markRemoved(
  db: Db,
  id: string,
  status: 'removed' | 'left' = 'removed',
): Promise<WaitlistEntryRow | undefined> {
  return db
    .updateTable('waitlist_entries')
    .set({ status, claim_token_hash: null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['waiting', 'offered'])
    .returningAll()
    .executeTakeFirst();
}

/** An entry by id alone (the leave link), locked, with what the page says about it. */
export function lockEntryById(db: Db, id: string) {
  return db
    .selectFrom('waitlist_entries as w')
    .selectAll('w')
    .select([
      eventLookup.ticketTypeNameOf(sql.ref<string>('w.ticket_type_id')).as('ticket_type_name'),
      eventLookup.titleOf(sql.ref<string>('w.event_id')).as('event_title'),
    ])
    .where('w.id', '=', id)
    .forUpdate('w')
    .executeTakeFirst();
}

export type WaitingEntry = WaitlistEntryRow;

/** Which of these orders hold a live offer (the organiser's holds list marks them). */
export async function offeredOrderIds(db: Db, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('waitlist_entries')
    .select('order_id')
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'offered')
    .execute();
  return rows.flatMap((r) => (r.order_id ? [r.order_id] : []));
}

/** The people still waiting for an event's tickets (of some types), for messages to them. */
export function findWaitingContacts(
  db: Db,
  eventId: string,
  ticketTypeIds: readonly string[] = [],
): Promise<{ id: string; name: string; email: string; email_key: string }[]> {
  let query = db
    .selectFrom('waitlist_entries')
    .select(['id', 'name', 'email', 'email_key'])
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting');
  if (ticketTypeIds.length > 0) query = query.where('ticket_type_id', 'in', ticketTypeIds);
  return query.orderBy('position').execute();
}
