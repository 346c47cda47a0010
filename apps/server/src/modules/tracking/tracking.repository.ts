import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { TrackingVia } from './tracking.table.ts';

/** `link_id` of the views that came through no link. */
export const NO_LINK = '00000000-0000-0000-0000-000000000000';

export interface ViewCount {
  slug: string;
  ref: string | null;
  via: TrackingVia;
  n: number;
}

/**
 * Adds a batch of counted views in one statement: each (slug, ref, via) to its published
 * event's row, under the link of that event whose code is `ref` (none: NO_LINK). Views of an
 * unknown or unpublished slug are dropped; an unknown ref counts as no link.
 */
export async function addViews(db: Db, counts: ViewCount[]): Promise<void> {
  if (counts.length === 0) return;
  const slugs = counts.map((c) => c.slug);
  const refs = counts.map((c) => c.ref ?? '');
  const vias = counts.map((c) => c.via);
  const ns = counts.map((c) => c.n);
  // Each slug's published event is events' value (decision 065): null drops the view.
  const event = eventLookup.publishedIdBySlug(sql.ref<string>('u.slug'));
  await sql`
    insert into tracking_views (event_id, link_id, via, views)
    select v.event_id, coalesce(l.id, ${NO_LINK}::uuid), v.via, sum(v.n)
    from (
      select ${event} as event_id, u.ref, u.via, u.n
      from unnest(${slugs}::text[], ${refs}::text[], ${vias}::text[], ${ns}::int[]) as u(slug, ref, via, n)
    ) as v
    left join tracking_links l on l.event_id = v.event_id and l.code = v.ref
    where v.event_id is not null
    group by 1, 2, 3
    on conflict (event_id, link_id, via) do update set views = tracking_views.views + excluded.views
  `.execute(db);
}

/** One order as a one-row table: its id, event, total and status (the orders module's value). */
export type OrderRowOf = (orderId: string) => RawBuilder<{
  id: string;
  event_id: string;
  total_kobo: number;
  status: string;
}>;

/** Every order of some events as a table (the orders module's value). */
export type OrdersOfEvents = (eventIds: RawBuilder<unknown>) => RawBuilder<{
  id: string;
  event_id: string;
  total_kobo: number;
  status: string;
}>;

/**
 * Where an order's checkout came from, written once when the order is made — only for an
 * order that came through a link or the widget: a direct order has no row (decision 071). Its total is
 * copied; an order already completed (free) is marked so at once.
 */
export async function insertOrderSource(
  db: Db,
  orderRowOf: OrderRowOf,
  orderId: string,
  ref: string | null,
  via: TrackingVia,
): Promise<void> {
  await sql`
    insert into order_sources (order_id, event_id, link_id, via, total_kobo, completed_at)
    select o.id, o.event_id, l.id, ${via}, o.total_kobo,
      case when o.status = 'completed' then now() end
    from ${orderRowOf(orderId)} as o
    left join tracking_links l on l.event_id = o.event_id and l.code = ${ref ?? ''}
    on conflict (order_id) do nothing
  `.execute(db);
}

export function ownedEvent(
  db: Db,
  organiserId: string,
  eventId: string,
): Promise<{ id: string; slug: string } | undefined> {
  return eventLookup.owned(db, organiserId, eventId);
}

export function linksOf(db: Db, eventId: string) {
  return db
    .selectFrom('tracking_links')
    .select(['id', 'name', 'code', 'created_at'])
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .execute();
}

export async function countLinks(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('tracking_links')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function linkExists(
  db: Db,
  eventId: string,
  field: 'name' | 'code',
  value: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('tracking_links')
    .select('id')
    .where('event_id', '=', eventId)
    .where(field, '=', value)
    .executeTakeFirst();
  return Boolean(row);
}

export function insertLink(db: Db, eventId: string, name: string, code: string) {
  return db
    .insertInto('tracking_links')
    .values({ event_id: eventId, name, code })
    .returning(['id', 'name', 'code', 'created_at'])
    .executeTakeFirstOrThrow();
}

export interface FigureRow {
  event_id: string;
  link_id: string | null;
  via: TrackingVia;
  views: number;
  starts: number;
  orders: number;
  revenue_kobo: number;
}

/**
 * Views, checkout starts, orders and revenue per event × link × channel, for one event or
 * every event of an organiser.
 */
export async function figures(
  db: Db,
  ordersOf: OrdersOfEvents,
  where: { eventId: string } | { organiserId: string },
): Promise<FigureRow[]> {
  const events = eventLookup.idsOf(
    'eventId' in where ? { eventId: where.eventId } : { ownerId: where.organiserId },
  );
  const { rows } = await sql<FigureRow>`
    with ev as (${events}),
    v as (
      select event_id, nullif(link_id, ${NO_LINK}::uuid) as link_id, via, views
      from tracking_views where event_id in (select id from ev)
    ),
    o as (
      select ord.event_id, s.link_id, coalesce(s.via, 'page') as via, count(*) as starts,
        count(*) filter (where ord.status = 'completed') as orders,
        coalesce(sum(ord.total_kobo) filter (where ord.status = 'completed'), 0) as revenue_kobo
      from ${ordersOf(sql`select id from ev`)} as ord
      left join order_sources s on s.order_id = ord.id
      group by ord.event_id, s.link_id, coalesce(s.via, 'page')
    )
    select coalesce(v.event_id, o.event_id) as event_id, coalesce(v.link_id, o.link_id) as link_id,
      coalesce(v.via, o.via) as via, coalesce(v.views, 0)::int as views,
      coalesce(o.starts, 0)::int as starts, coalesce(o.orders, 0)::int as orders,
      coalesce(o.revenue_kobo, 0)::bigint as revenue_kobo
    from v full join o on o.event_id = v.event_id and o.via = v.via
      and o.link_id is not distinct from v.link_id
  `.execute(db);
  return rows.map((r) => ({ ...r, revenue_kobo: Number(r.revenue_kobo) }));
}

/** The organiser's links with their event's title (Finances). */
export function organiserLinks(db: Db, organiserId: string) {
  const event = sql.ref<string>('l.event_id');
  return db
    .selectFrom('tracking_links as l')
    .select([
      'l.id',
      'l.name',
      'l.code',
      'l.event_id',
      eventLookup.titleOf(event).as('title'),
      eventLookup.slugOf(event).as('slug'),
    ])
    .where('l.event_id', 'in', eventLookup.idsOf({ ownerId: organiserId }))
    .orderBy('title')
    .orderBy('l.created_at')
    .execute();
}
