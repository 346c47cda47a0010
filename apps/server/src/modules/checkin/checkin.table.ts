import type { Generated } from 'kysely';

/** One row per code a door device sent: who checked what in, when, and what it found. */
export interface CheckinLogTable {
  id: Generated<string>;
  event_id: string;
  order_id: string | null;
  code: string;
  result: 'admitted' | 'already_used' | 'unknown' | 'not_on_list';
  user_id: string | null;
  /** The door device's own id (x-gatepass-device), when it sent one. */
  device_id: string | null;
  /** The check-in list the scan was made at (decision 084); null: the event-wide door. */
  list_id: string | null;
  created_at: Generated<Date>;
}

/** An event's check-in list ("VIP gate", "Day 2"), decision 084. */
export interface CheckinListsTable {
  id: Generated<string>;
  event_id: string;
  name: string;
  created_at: Generated<Date>;
}

/** The ticket types a list takes. */
export interface CheckinListTypesTable {
  list_id: string;
  ticket_type_id: string;
}

/** A list's own check-in state: one row per order let in at that list (first scan wins). */
export interface CheckinListEntriesTable {
  list_id: string;
  order_id: string;
  user_id: string | null;
  device_id: string | null;
  created_at: Generated<Date>;
}

export interface CheckinTables {
  checkin_log: CheckinLogTable;
  checkin_lists: CheckinListsTable;
  checkin_list_types: CheckinListTypesTable;
  checkin_list_entries: CheckinListEntriesTable;
}
