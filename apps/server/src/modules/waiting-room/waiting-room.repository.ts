import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import type { WaitingRoomRow } from './waiting-room.table.ts';

/** Every SQL statement of the waiting room (rooms; and the queue when Redis is not used). */

export function findRoom(db: Db, eventId: string): Promise<WaitingRoomRow | undefined> {
  return db
    .selectFrom('waiting_rooms')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export async function insertRoom(
  db: Db,
  room: Omit<
    WaitingRoomRow,
    'created_at' | 'updated_at' | 'next_rank' | 'sealed_count' | 'places_per_address' | 'join_check'
  > &
    Partial<Pick<WaitingRoomRow, 'places_per_address' | 'join_check'>>,
): Promise<void> {
  await db.insertInto('waiting_rooms').values(room).execute();
}

export async function updateRoom(
  db: Db,
  eventId: string,
  changes: Partial<
    Pick<
      WaitingRoomRow,
      | 'room_id'
      | 'enabled'
      | 'on_sale_at'
      | 'rate_per_minute'
      | 'pass_minutes'
      | 'paused'
      | 'clock_base'
      | 'clock_at'
      | 'sealed_count'
      | 'next_rank'
      | 'places_per_address'
      | 'join_check'
    >
  >,
): Promise<void> {
  await db
    .updateTable('waiting_rooms')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .execute();
}

/**
 * Moves the admission clock to `to`, if it is still at `from` (another process may have
 * moved it first): answers whether it moved.
 */
export async function moveClock(
  db: Db,
  roomId: string,
  from: { base: number; at: Date },
  to: { base: number; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('waiting_rooms')
    .set({ clock_base: to.base, clock_at: to.at })
    .where('room_id', '=', roomId)
    .where('clock_base', '=', from.base)
    .where('clock_at', '=', from.at)
    .returning('room_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The room's row, locked until `trx` ends (settings change one at a time). */
export function lockRoom(trx: Db, eventId: string): Promise<WaitingRoomRow | undefined> {
  return trx
    .selectFrom('waiting_rooms')
    .selectAll()
    .where('event_id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
}

// The queue in PostgreSQL ------------------------------------------------------------------

export interface EntryRow {
  visitor_id: string;
  draw: number | null;
  rank: number | null;
  admitted_at: Date | null;
}

export function findEntry(
  db: Db,
  roomId: string,
  visitorId: string,
): Promise<EntryRow | undefined> {
  return db
    .selectFrom('waiting_room_entries')
    .select(['visitor_id', 'draw', 'rank', 'admitted_at'])
    .where('room_id', '=', roomId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst();
}

export function findEntries(db: Db, roomId: string, visitorIds: string[]): Promise<EntryRow[]> {
  if (visitorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('waiting_room_entries')
    .select(['visitor_id', 'draw', 'rank', 'admitted_at'])
    .where('room_id', '=', roomId)
    .where('visitor_id', 'in', visitorIds)
    .execute();
}

/**
 * The pre-queue's state, share-locked until `trx` ends: a pre-queue join holds it while it
 * writes, so ranking (which takes the row for update) sees every pre-queue entry or none.
 */
export async function shareLockSealed(
  trx: Db,
  roomId: string,
): Promise<{ sealed_count: number | null } | undefined> {
  return trx
    .selectFrom('waiting_rooms')
    .select('sealed_count')
    .where('room_id', '=', roomId)
    .forShare()
    .executeTakeFirst();
}

/**
 * A group's pre-queue entries (visitor ids sorted, so two groups never wait on each other in
 * opposite orders); answers the visitors actually written — one already in line is left as
 * it is (decision 051: the same browser's taps at once wait on the entry's key, and the ones
 * that find it spend none of the address's places).
 */
export async function insertPreQueueEntries(
  trx: Db,
  roomId: string,
  entries: { visitorId: string; draw: number }[],
  now: Date,
): Promise<string[]> {
  if (entries.length === 0) return [];
  const sorted = [...entries].sort((a, b) => (a.visitorId < b.visitorId ? -1 : 1));
  const rows = await trx
    .insertInto('waiting_room_entries')
    .values(
      sorted.map((e) => ({
        room_id: roomId,
        visitor_id: e.visitorId,
        draw: e.draw,
        rank: null,
        joined_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('visitor_id')
    .execute();
  return rows.map((r) => r.visitor_id);
}

/** Takes back entries written in this transaction that their address had no place for. */
export async function deleteEntries(trx: Db, roomId: string, visitorIds: string[]): Promise<void> {
  if (visitorIds.length === 0) return;
  await trx
    .deleteFrom('waiting_room_entries')
    .where('room_id', '=', roomId)
    .where('visitor_id', 'in', visitorIds)
    .execute();
}

/** One internet address's new places in one minute, and the most it may take (decision 054). */
export interface AddressWindow {
  address: string;
  /** The minute's start. */
  windowStart: Date;
  limit: number;
}

/**
 * Counts a group's new places against each of its addresses' minute (one statement for the
 * whole group, addresses in a stable order so two groups never deadlock); answers how many
 * each address was let through.
 */
export async function takeAddressSlots(
  trx: Db,
  roomId: string,
  wants: { window: AddressWindow; n: number }[],
): Promise<Map<string, number>> {
  const granted = new Map<string, number>();
  if (wants.length === 0) return granted;
  const sorted = [...wants].sort((a, b) => (a.window.address < b.window.address ? -1 : 1));
  const rows = sql.join(
    sorted.map(
      ({ window: w, n }) =>
        sql`(${roomId}::uuid, ${w.address}, ${w.windowStart}::timestamptz, least(${n}::int, ${w.limit}::int), least(${n}::int, ${w.limit}::int), ${w.limit}::int)`,
    ),
  );
  const result = await sql<{ address: string; granted: number }>`
    with wanted (room_id, address, window_start, places, granted, lim) as (values ${rows})
    insert into waiting_room_address_windows as w (room_id, address, window_start, places, granted)
    select room_id, address, window_start, places, granted from wanted
    on conflict (room_id, address, window_start) do update
      set places = least((select lim from wanted where wanted.address = excluded.address), w.places + excluded.places),
          granted = least((select lim from wanted where wanted.address = excluded.address), w.places + excluded.places) - w.places
    returning address, granted`.execute(trx);
  for (const row of result.rows) granted.set(row.address, Number(row.granted));
  return granted;
}

/**
 * Closes the pre-queue, once: later arrivals start after its entries, counted here. Waits
 * for pre-queue joins in flight (they hold the room's row in share mode) and lets none in
 * after it. The entries are ranked by `rankPreQueue`, in a transaction of its own, so later
 * arrivals do not wait for the shuffle (decision 101). Answers the number closed in, or
 * undefined if it was already closed.
 */
export async function sealPreQueue(trx: Db, roomId: string): Promise<number | undefined> {
  const room = await trx
    .selectFrom('waiting_rooms')
    .select('sealed_count')
    .where('room_id', '=', roomId)
    .forUpdate()
    .executeTakeFirst();
  if (!room || room.sealed_count !== null) return undefined;
  const { count } = await trx
    .selectFrom('waiting_room_entries')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('room_id', '=', roomId)
    .where('rank', 'is', null)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('waiting_rooms')
    .set({ sealed_count: count, next_rank: count })
    .where('room_id', '=', roomId)
    .execute();
  return count;
}

/**
 * Ranks a closed pre-queue by its secret draws (0, 1, 2 …): the places before the first
 * later arrival's. One ranking per room at a time (the others wait, then find nothing left
 * to rank); a room ranked already costs one indexed read.
 */
export async function rankPreQueue(trx: Db, roomId: string): Promise<void> {
  await lockKey(trx, `waiting-room-rank:${roomId}`);
  await sql`
    with ordered as (
      select visitor_id, row_number() over (order by draw, visitor_id) - 1 as r
      from waiting_room_entries where room_id = ${roomId} and rank is null
    )
    update waiting_room_entries e set rank = ordered.r
    from ordered
    where e.room_id = ${roomId} and e.visitor_id = ordered.visitor_id`.execute(trx);
}

/** Takes `n` consecutive ranks after the room's last one; answers the first. */
export async function takeRanks(trx: Db, roomId: string, n: number): Promise<number> {
  const row = await trx
    .updateTable('waiting_rooms')
    .set({ next_rank: sql<number>`next_rank + ${n}` })
    .where('room_id', '=', roomId)
    .returning('next_rank')
    .executeTakeFirstOrThrow();
  return row.next_rank - n;
}

/** Answers the visitors actually written (another process may have written one first). */
export async function insertRankedEntries(
  trx: Db,
  roomId: string,
  entries: { visitorId: string; rank: number }[],
  now: Date,
): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = await trx
    .insertInto('waiting_room_entries')
    .values(
      entries.map((e) => ({
        room_id: roomId,
        visitor_id: e.visitorId,
        draw: null,
        rank: e.rank,
        joined_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('visitor_id')
    .execute();
  return rows.map((r) => r.visitor_id);
}

export async function deleteEntry(db: Db, roomId: string, visitorId: string): Promise<void> {
  await db
    .deleteFrom('waiting_room_entries')
    .where('room_id', '=', roomId)
    .where('visitor_id', '=', visitorId)
    .execute();
}

/** The first time the visitor was admitted (set now if never). */
export async function markAdmitted(
  db: Db,
  roomId: string,
  visitorId: string,
  now: Date,
): Promise<Date | undefined> {
  const row = await db
    .updateTable('waiting_room_entries')
    .set({ admitted_at: sql<Date>`coalesce(admitted_at, ${now})` })
    .where('room_id', '=', roomId)
    .where('visitor_id', '=', visitorId)
    .returning('admitted_at')
    .executeTakeFirst();
  return row?.admitted_at ?? undefined;
}

export async function countEntries(
  db: Db,
  roomId: string,
): Promise<{ total: number; pre: number }> {
  const row = await db
    .selectFrom('waiting_room_entries')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where rank is null))::int`.as('pre'),
    ])
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return row;
}

export async function insertPassUse(
  db: Db,
  roomId: string,
  visitorId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('waiting_room_passes_used')
    .values({ room_id: roomId, visitor_id: visitorId, used_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('visitor_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deletePassUse(db: Db, roomId: string, visitorId: string): Promise<void> {
  await db
    .deleteFrom('waiting_room_passes_used')
    .where('room_id', '=', roomId)
    .where('visitor_id', '=', visitorId)
    .execute();
}

export async function isPassUsed(db: Db, roomId: string, visitorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('waiting_room_passes_used')
    .select('visitor_id')
    .where('room_id', '=', roomId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countPassUses(db: Db, roomId: string): Promise<number> {
  const row = await db
    .selectFrom('waiting_room_passes_used')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Removes a room's queue (it was turned off and on again, or off). */
export async function clearQueue(db: Db, roomId: string): Promise<void> {
  await db.deleteFrom('waiting_room_entries').where('room_id', '=', roomId).execute();
  await db.deleteFrom('waiting_room_passes_used').where('room_id', '=', roomId).execute();
  await db.deleteFrom('waiting_room_address_windows').where('room_id', '=', roomId).execute();
}
