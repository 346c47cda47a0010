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

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface WaitingRoomTables {
  waiting_rooms: WaitingRoomsTable;
  waiting_room_entries: WaitingRoomEntriesTable;
  waiting_room_passes_used: WaitingRoomPassesUsedTable;
  app_secrets: AppSecretsTable;
}

export type WaitingRoomRow = Selectable<WaitingRoomsTable>;
