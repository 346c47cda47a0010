import type { Generated } from 'kysely';

/** One row per code a door device sent: who checked what in, when, and what it found. */
export interface CheckinLogTable {
  id: Generated<string>;
  event_id: string;
  order_id: string | null;
  code: string;
  result: 'admitted' | 'already_used' | 'unknown';
  user_id: string | null;
  /** The door device's own id (x-gatepass-device), when it sent one. */
  device_id: string | null;
  created_at: Generated<Date>;
}

export interface CheckinTables {
  checkin_log: CheckinLogTable;
}
