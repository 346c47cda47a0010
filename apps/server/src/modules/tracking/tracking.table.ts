import type { ColumnType, Generated } from 'kysely';

export type TrackingVia = 'page' | 'widget';

export interface TrackingLinksTable {
  id: Generated<string>;
  event_id: string;
  name: string;
  /** The `?ref=` value: unique per event. */
  code: string;
  created_at: Generated<Date>;
}

/** Page views in aggregate: one row per event × link (nil uuid: none) × channel. */
export interface TrackingViewsTable {
  event_id: string;
  link_id: string;
  via: TrackingVia;
  views: ColumnType<string, number | string, never>;
}

/** Where each checkout came from (decision 071). */
export interface OrderSourcesTable {
  order_id: string;
  event_id: string;
  link_id: string | null;
  via: TrackingVia;
  total_kobo: ColumnType<string, number, never>;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface TrackingTables {
  tracking_links: TrackingLinksTable;
  tracking_views: TrackingViewsTable;
  order_sources: OrderSourcesTable;
}
