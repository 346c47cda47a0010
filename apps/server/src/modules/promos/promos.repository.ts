import { sql, type Expression, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { PromoCodeRow, PromoCodesTable } from './promos.table.ts';

type Db = Kysely<Database>;

/**
 * The promo_codes table belongs to this module (decision 060): every statement that creates,
 * changes, reports on or redeems a code. Checkout redeems through `promos.codes.ts`.
 */
export interface PromoRow {
  id: string;
  event_id: string;
  event_title: string;
  owner_id: string;
  time_zone: string;
  event_status: 'draft' | 'published' | 'cancelled';
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  max_uses: number | null;
  uses: number;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A code with what its completed orders add up to (the orders module's answer). */
export interface PromoWithUsage extends PromoRow {
  completed_orders: number | null;
  tickets: number | null;
  discount_kobo: number | null;
  revenue_kobo: number | null;
}

/** A code's event: its title, owner, time zone and status (events' values, decision 065). */
const event = sql.ref<string>('p.event_id');

function withEvent(db: Db) {
  return db
    .selectFrom('promo_codes as p')
    .selectAll('p')
    .select([
      eventLookup.titleOf(event).as('event_title'),
      eventLookup.ownerIdOf(event).as('owner_id'),
      eventLookup.timeZoneOf(event).as('time_zone'),
      eventLookup.statusOf(event).as('event_status'),
    ]);
}

export function listPromos(db: Db, ownerId: string, eventId?: string): Promise<PromoRow[]> {
  let query = withEvent(db).where('p.event_id', 'in', eventLookup.idsOf({ ownerId }));
  if (eventId) query = query.where('p.event_id', '=', eventId);
  return query.orderBy('p.created_at', 'desc').orderBy('p.id').execute();
}

export function findPromo(db: Db, id: string): Promise<PromoRow | undefined> {
  return withEvent(db).where('p.id', '=', id).executeTakeFirst();
}

export interface NewPromo {
  eventId: string;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  maxUses: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
}

export async function insertPromo(db: Db, p: NewPromo): Promise<string> {
  const row = await db
    .insertInto('promo_codes')
    .values({
      event_id: p.eventId,
      code: p.code,
      kind: p.kind,
      amount: p.amount,
      max_uses: p.maxUses,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
      active: p.active,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The row locked for a change, so checkout's redeem waits and the new limits see its count. */
export function lockPromo(db: Db, id: string) {
  return db
    .selectFrom('promo_codes')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePromo(
  db: Db,
  id: string,
  patch: Updateable<PromoCodesTable>,
): Promise<void> {
  await db
    .updateTable('promo_codes')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deletePromo(db: Db, id: string): Promise<void> {
  await db.deleteFrom('promo_codes').where('id', '=', id).execute();
}

/** The event a promo code belongs to (the team's access check asks it), if the code exists. */
export async function findPromoEventId(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('promo_codes')
    .select('event_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.event_id;
}

// Checkout's redemption (promos.codes.ts) -------------------------------------------------

export function findPromoByCode(
  db: Db,
  eventId: string,
  code: string,
): Promise<PromoCodeRow | undefined> {
  return db
    .selectFrom('promo_codes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/**
 * The event's promo codes among `codes`. With `lock`, their rows stay locked until the
 * transaction ends (in id order; `FOR NO KEY UPDATE`, so inserting orders that refer to the
 * code is not blocked), and `uses` as read stays exact.
 */
export function findPromos(
  db: Db,
  eventId: string,
  codes: string[],
  lock: boolean,
): Promise<PromoCodeRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  const query = db
    .selectFrom('promo_codes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('code', 'in', codes)
    .orderBy('id');
  return (lock ? query.forNoKeyUpdate() : query).execute();
}

/**
 * Counts `n` uses at once if the code is live and has that many left, in one conditional
 * UPDATE (a group of orders using the same code).
 */
export async function redeemPromoUses(db: Db, id: string, n: number): Promise<boolean> {
  const row = await db
    .updateTable('promo_codes')
    .set({ uses: sql<number>`uses + ${n}`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('active', '=', true)
    .where((eb) =>
      eb.or([eb('max_uses', 'is', null), eb(sql<number>`uses + ${n}`, '<=', eb.ref('max_uses'))]),
    )
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one use if the code is live and not used up, in one conditional UPDATE. */
export async function redeemPromo(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('promo_codes')
    .set({ uses: sql<number>`uses + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function unredeemPromo(db: Db, id: string): Promise<void> {
  await db
    .updateTable('promo_codes')
    .set({ uses: sql<number>`greatest(uses - 1, 0)`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The code's text, or null: a value for another module's statement (decision 065). */
export const codeOf = (promoId: Expression<string | null>) =>
  sql<string | null>`(select pc.code from promo_codes pc where pc.id = ${promoId})`;
