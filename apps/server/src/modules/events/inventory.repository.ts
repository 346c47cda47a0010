import type { TicketKind } from '@gatepass/shared';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { organisers } from '../settings/settings.organisers.ts';

type Db = Kysely<Database>;

/** What checkout needs to price and hold tickets: the event and the chosen ticket types. */
export interface SaleTicketType {
  id: string;
  event_id: string;
  name: string;
  price_kobo: number;
  capacity: number;
  sold: number;
  min_per_order: number;
  max_per_order: number;
  sales_start_at: Date | null;
  sales_end_at: Date | null;
  hidden: boolean;
  /** Decision 086; for pay what you want and donations `price_kobo` is the minimum. */
  kind: TicketKind;
  admits: number;
  /** A hidden type's codes (decision 087): checkout checks the buyer's in memory. */
  access_codes: string[];
}

const SALE_TICKET_TYPE_COLUMNS = [
  'id',
  'event_id',
  'name',
  'price_kobo',
  'capacity',
  'sold',
  'min_per_order',
  'max_per_order',
  'sales_start_at',
  'sales_end_at',
  'hidden',
  'kind',
  'admits',
  'access_codes',
] as const;

/**
 * All ticket types of an event, in id order. With `lock`, their rows stay locked until the
 * transaction ends (taken in id order so two transactions locking the same types never hold
 * one each while waiting for the other): no one else can change `sold` meanwhile, so what
 * was read stays exact. `FOR NO KEY UPDATE` rather than `FOR UPDATE`: it excludes every
 * other writer of the row but not the key-share locks that inserting order items (foreign
 * key) takes, so other processes can go on writing their orders meanwhile.
 */
export function findEventTicketTypes(
  db: Db,
  eventId: string,
  lock: boolean,
): Promise<SaleTicketType[]> {
  const query = db
    .selectFrom('ticket_types')
    .select(SALE_TICKET_TYPE_COLUMNS)
    .where('event_id', '=', eventId)
    .orderBy('id');
  return (lock ? query.forNoKeyUpdate() : query).execute();
}

export function findSaleTicketTypes(
  db: Db,
  eventId: string,
  ids: string[],
): Promise<SaleTicketType[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ticket_types')
    .select(SALE_TICKET_TYPE_COLUMNS)
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Takes `quantity` tickets of one type if that many are left, in one conditional UPDATE:
 * the row lock makes concurrent buyers queue on this row, and each re-checks
 * `sold + quantity <= capacity` against the committed count, so the type is never
 * oversold on any number of app processes (DESIGN §4). The table's CHECK
 * (sold <= capacity) is a second line of defence.
 */
export async function reserve(db: Db, ticketTypeId: string, quantity: number): Promise<boolean> {
  const row = await db
    .updateTable('ticket_types')
    .set({ sold: sql<number>`sold + ${quantity}`, updated_at: sql<Date>`now()` })
    .where('id', '=', ticketTypeId)
    .where(sql<boolean>`sold + ${quantity} <= capacity`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * TEST ONLY — never used unless UNSAFE_DISABLE_CAPACITY_GUARD=true. The naive
 * read-then-write that `reserve` exists to avoid: two buyers read the same `sold`, both see
 * room, both write. apps/server/test/oversell.test.ts runs checkout with it (and the CHECK
 * constraint dropped) to prove that test can fail.
 */
export async function reserveUnguarded(
  db: Db,
  ticketTypeId: string,
  quantity: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('ticket_types')
    .select(['sold', 'capacity'])
    .where('id', '=', ticketTypeId)
    .executeTakeFirst();
  if (!row || row.sold + quantity > row.capacity) return false;
  await db
    .updateTable('ticket_types')
    .set({ sold: row.sold + quantity, updated_at: sql<Date>`now()` })
    .where('id', '=', ticketTypeId)
    .execute();
  return true;
}

/**
 * TEST ONLY — never used unless UNSAFE_DISABLE_CAPACITY_GUARD=true. Writes the count a
 * group computed from what it read at its start, without re-checking: the lost update that
 * `reserve` exists to avoid (two groups read the same `sold`, both decide, both write).
 */
export async function overwriteSoldUnguarded(
  db: Db,
  ticketTypeId: string,
  sold: number,
): Promise<void> {
  await db
    .updateTable('ticket_types')
    .set({ sold, updated_at: sql<Date>`now()` })
    .where('id', '=', ticketTypeId)
    .execute();
}

/** Gives tickets back (expired hold, cancellation, refund). */
export async function release(db: Db, ticketTypeId: string, quantity: number): Promise<void> {
  await db
    .updateTable('ticket_types')
    .set({ sold: sql<number>`greatest(sold - ${quantity}, 0)`, updated_at: sql<Date>`now()` })
    .where('id', '=', ticketTypeId)
    .execute();
}

/** The event facts checkout, orders and the door need. */
export interface SaleEvent {
  id: string;
  owner_id: string;
  slug: string;
  title: string;
  status: 'draft' | 'published' | 'cancelled';
  fee_mode: 'pass' | 'absorb';
  offline_payment: boolean;
  offline_hold_hours: number;
  allow_transfers: boolean;
  /** Until when buyers may name their tickets (issue 25 §2); null: until the event starts. */
  ticket_names_until: Date | null;
  /** Comma-separated Paystack channels the event offers. */
  paystack_channels: string;
  /** Whether the organiser's payout account is verified with Paystack (a subaccount). */
  payout_ready: boolean | number;
  start_at: Date | null;
  end_at: Date | null;
  time_zone: string;
  venue_name: string | null;
  address: string | null;
  city: string | null;
  online_url: string | null;
}

/**
 * The event's status, its row share-locked until `trx` ends: a cancellation (an update of
 * the row) waits for the payment being applied, or is seen by it once committed.
 */
export async function lockEventStatus(
  trx: Db,
  id: string,
): Promise<SaleEvent['status'] | undefined> {
  const row = await trx
    .selectFrom('events')
    .select('status')
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
  return row?.status;
}

/** What checkout and the door read of an event (`SaleEvent`). */
const SALE_EVENT_COLUMNS = [
  'id',
  'owner_id',
  'slug',
  'title',
  'status',
  'fee_mode',
  'offline_payment',
  'offline_hold_hours',
  'allow_transfers',
  'ticket_names_until',
  'start_at',
  'end_at',
  'time_zone',
  'venue_name',
  'address',
  'city',
  'online_url',
  'paystack_channels',
] as const;

/** The sale columns, and whether the organiser's payout account is verified (decision 038). */
function saleEvents(db: Db) {
  return db
    .selectFrom('events')
    .select(SALE_EVENT_COLUMNS)
    .select(organisers.payoutReadyOf(sql.ref<string>('events.owner_id')).as('payout_ready'));
}

export function findSaleEvents(db: Db, ids: string[]): Promise<SaleEvent[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return saleEvents(db).where('id', 'in', ids).execute();
}

/** A value another module lends into checkout's read of the event, keyed by its id. */
export type LentEventValue<T> = (eventId: Expression<string>) => RawBuilder<T>;

/**
 * The event as `findSaleEvents` reads it with the questions its checkout asks, lent by
 * the questions module into the same statement (decision 078): no statement of their own.
 */
export function findSaleEventWith<T>(
  db: Db,
  id: string,
  questionsOf: LentEventValue<T>,
): Promise<(SaleEvent & { questions: T }) | undefined> {
  return saleEvents(db)
    .select(questionsOf(sql.ref<string>('events.id')).as('questions'))
    .where('id', '=', id)
    .executeTakeFirst() as Promise<(SaleEvent & { questions: T }) | undefined>;
}

/**
 * The event as `findSaleEvents` reads it, under a share lock held until `trx` ends (a
 * payment's transaction: a cancellation committing meanwhile waits for it, or is seen).
 */
export function lockSaleEvent(trx: Db, id: string): Promise<SaleEvent | undefined> {
  return saleEvents(trx).where('id', '=', id).forShare().executeTakeFirst();
}

/** The event with this slug (the waiting room's links name events by slug). */
export function findSaleEventBySlug(db: Db, slug: string): Promise<SaleEvent | undefined> {
  return saleEvents(db).where('slug', '=', slug).executeTakeFirst();
}

/** The tickets an event offers in all (every ticket type's capacity). */
export async function eventCapacity(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('ticket_types')
    .select(sql<number>`coalesce(sum(capacity), 0)::int`.as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The tickets left of a type, its row locked until the transaction ends (`FOR NO KEY
 * UPDATE`, as checkout locks it): the waiting list's offers of one type are made one process
 * at a time, so the line is served in order.
 */
export function lockTicketsLeft(db: Db, ticketTypeId: string) {
  return db
    .selectFrom('ticket_types')
    .select(['event_id', sql<number>`capacity - sold`.as('left')])
    .where('id', '=', ticketTypeId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}
