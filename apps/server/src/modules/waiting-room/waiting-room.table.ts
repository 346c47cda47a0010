import type { Generated, Selectable } from 'kysely';

export interface WaitingRoomsTable {
  event_id: string;
  room_id: string;
  enabled: boolean;
  on_sale_at: Date;
  rate_per_minute: number;
  pass_minutes: number;
  paused: boolean;
  clock_base: number;
  clock_at: Date;
  sealed_count: number | null;
  next_rank: Generated<number>;
  /** New places one internet address may take a minute (decision 054). */
  places_per_address: Generated<number>;
  /** What joining the pre-queue asks for: 'work' or 'account' (decision 055). */
  join_check: Generated<'work' | 'account'>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WaitingRoomEntriesTable {
  room_id: string;
  visitor_id: string;
  draw: number | null;
  rank: number | null;
  joined_at: Date;
  admitted_at: Date | null;
}

export interface WaitingRoomPassesUsedTable {
  room_id: string;
  visitor_id: string;
  used_at: Date;
}

/** New places per internet address and minute (PostgreSQL store; decision 054). */
export interface WaitingRoomAddressWindowsTable {
  room_id: string;
  address: string;
  window_start: Date;
  places: number;
  /** What the last upsert let through. */
  granted: number;
}

export interface WaitingRoomTables {
  waiting_rooms: WaitingRoomsTable;
  waiting_room_entries: WaitingRoomEntriesTable;
  waiting_room_passes_used: WaitingRoomPassesUsedTable;
  waiting_room_address_windows: WaitingRoomAddressWindowsTable;
}

export type WaitingRoomRow = Selectable<WaitingRoomsTable>;
