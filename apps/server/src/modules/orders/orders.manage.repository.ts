import type { OrderStatus } from '@gatepass/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { accounts } from '../auth/auth.accounts.ts';
import { eventLookup } from '../events/events.lookup.ts';
import { promoLookup } from '../promos/promos.lookup.ts';
import { admitsOfOrder } from './orders.door.repository.ts';
import type { OrderRow, TicketNames } from './orders.table.ts';

type Db = Kysely<Database>;

/** The organiser's filters; `from`/`to` bound `created_at` as a half-open window. */
export interface OrderFilters {
  ownerId: string;
  q?: string | undefined;
  eventId?: string | undefined;
  status?: OrderStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** LIKE treats % _ and \ specially; a search for "50%" means the characters. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Db, f: OrderFilters) {
  // The organiser's events are events' to say (decision 065).
  let query = db
    .selectFrom('orders as o')
    .where('o.event_id', 'in', eventLookup.idsOf({ ownerId: f.ownerId }));
  if (f.eventId) query = query.where('o.event_id', '=', f.eventId);
  if (f.status) query = query.where('o.status', '=', f.status);
  if (f.from) query = query.where('o.created_at', '>=', f.from);
  if (f.to) query = query.where('o.created_at', '<', f.to);
  if (f.q) {
    const contains = `%${escapeLike(f.q)}%`;
    const digits = f.q.replace(/\s+/g, '');
    query = query.where((eb) =>
      eb.or([
        eb('o.email', 'ilike', contains),
        eb(sql<string>`o.first_name || ' ' || o.last_name`, 'ilike', contains),
        eb('o.phone', 'ilike', contains),
        // A name given to one of the order's tickets (decision 080).
        eb(
          sql<boolean>`o.ticket_names is not null and exists (
            select 1 from jsonb_array_elements(o.ticket_names) n
            where (n->>'firstName') || ' ' || (n->>'lastName') ilike ${contains})`,
          '=',
          true,
        ),
        ...(/^\d{1,8}$/.test(digits) ? [eb('o.code', 'like', `${digits}%`)] : []),
      ]),
    );
  }
  return query;
}

const listColumns = [
  'o.id',
  'o.code',
  'o.status',
  'o.event_id',
  eventLookup.titleOf(sql.ref<string>('o.event_id')).as('event_title'),
  'o.first_name',
  'o.last_name',
  'o.email',
  'o.phone',
  'o.quantity',
  'o.total_kobo',
  'o.payment_method',
  'o.created_at',
  'o.paid_at',
  'o.attended_at',
  // Named tickets (decision 080): the names given, and a sent ticket's group order's code.
  'o.ticket_names',
  sql<string | null>`(select p.code from orders p where p.id = o.parent_order_id)`.as(
    'parent_code',
  ),
] as const;

export interface OrderListRow {
  id: string;
  code: string;
  status: OrderStatus;
  event_id: string;
  event_title: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  quantity: number;
  total_kobo: number;
  payment_method: OrderRow['payment_method'];
  created_at: Date;
  paid_at: Date | null;
  attended_at: Date | null;
  ticket_names: OrderRow['ticket_names'];
  parent_code: string | null;
}

/** One page, newest first, and how many orders match in all. */
export async function listOrders(
  db: Db,
  f: OrderFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(listColumns)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, f)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export interface ExportRow extends OrderListRow {
  subtotal_kobo: number;
  discount_kobo: number;
  fee_kobo: number;
  fee_mode: 'pass' | 'absorb';
  payment_ref: string | null;
  promo_code: string | null;
  /** "2 × Regular; 1 × VIP". */
  tickets: string | null;
  /** People the order lets in: a table of ten admits ten (decision 086). */
  admits: number;
  /** The names given to its tickets (decision 080), or null. */
  ticket_names: TicketNames | null;
  /** created_at as PostgreSQL prints it: keeps the microseconds a JS Date would drop. */
  cursor_at: string;
}

export interface ExportCursor {
  at: string;
  id: string;
}

/**
 * The next `limit` orders after `after`, newest first: keyset pagination on
 * (created_at, id), so each batch is one indexed query however deep the export goes,
 * and nothing is held open between batches.
 */
export function exportBatch(
  db: Db,
  f: OrderFilters,
  after: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  let query = filtered(db, f)
    .select(listColumns)
    .select([
      'o.subtotal_kobo',
      'o.discount_kobo',
      'o.fee_kobo',
      'o.fee_mode',
      'o.payment_ref',
      promoLookup.codeOf(sql.ref<string | null>('o.promo_code_id')).as('promo_code'),
      sql<string>`o.created_at::text`.as('cursor_at'),
      sql<string | null>`(select string_agg(i.quantity || ' × ' || i.name, '; ' order by i.name)
        from order_items i where i.order_id = o.id)`.as('tickets'),
      admitsOfOrder().as('admits'),
      'o.ticket_names',
    ]);
  if (after) {
    query = query.where(
      sql<boolean>`(o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  return query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
}

export interface OrderDetailRow extends OrderRow {
  owner_id: string;
  attended_by_name: string | null;
  promo_code: string | null;
}

export function findOrderDetail(db: Db, orderId: string): Promise<OrderDetailRow | undefined> {
  return db
    .selectFrom('orders as o')
    .selectAll('o')
    .select([
      eventLookup.ownerIdOf(sql.ref<string>('o.event_id')).as('owner_id'),
      accounts.fullNameOf(sql.ref<string>('o.attended_by')).as('attended_by_name'),
      promoLookup.codeOf(sql.ref<string | null>('o.promo_code_id')).as('promo_code'),
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

export function findHistory(db: Db, orderId: string) {
  return db
    .selectFrom('order_history as h')
    .select([
      'h.kind',
      'h.detail',
      'h.created_at',
      accounts.fullNameOf(sql.ref<string>('h.actor_user_id')).as('actor'),
    ])
    .where('h.order_id', '=', orderId)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
}

// The buyer's lookup --------------------------------------------------------------------

export function findOrderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Stores a new access token of an order, and drops that order's expired ones. */
export async function insertAccessToken(
  db: Db,
  orderId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .deleteFrom('order_access_tokens')
    .where('order_id', '=', orderId)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('order_access_tokens')
    .values({ order_id: orderId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/** Whether a lookup handed out this token for this order and it has not expired. */
export async function hasLiveAccessToken(
  db: Db,
  orderId: string,
  tokenHash: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('order_access_tokens')
    .select('id')
    .where('order_id', '=', orderId)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest orders of the organiser's events (the home page). */
export function recentOrders(db: Db, ownerId: string, limit: number): Promise<OrderListRow[]> {
  return filtered(db, { ownerId })
    .select(listColumns)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** The money an order could not take has been paid back: it no longer needs a refund. */
export async function clearNeedsRefund(db: Db, orderId: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ needs_refund: false, updated_at: sql<Date>`now()` })
    .where('id', '=', orderId)
    .execute();
}
