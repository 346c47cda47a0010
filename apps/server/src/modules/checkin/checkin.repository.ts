import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { accounts } from '../auth/auth.accounts.ts';
import type { CheckinLogTable } from './checkin.table.ts';

export async function insertCheckinLog(
  db: Kysely<Database>,
  rows: {
    eventId: string;
    orderId: string | null;
    code: string;
    result: CheckinLogTable['result'];
    userId: string;
    deviceId?: string | null;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('checkin_log')
    .values(
      rows.map((r) => ({
        event_id: r.eventId,
        order_id: r.orderId,
        code: r.code,
        result: r.result,
        user_id: r.userId,
        device_id: r.deviceId ?? null,
      })),
    )
    .execute();
}

// Statistics (checkin.stats.ts) --------------------------------------------------------------

export interface CheckinStatRow {
  user_id: string | null;
  full_name: string | null;
  admitted: number;
  devices: number;
  last_at: Date;
}

/** Admissions per user who scanned them (their account's name, if it still exists). */
export function checkinsByUser(db: Kysely<Database>, eventId: string): Promise<CheckinStatRow[]> {
  return db
    .selectFrom('checkin_log as c')
    .select('c.user_id')
    .select(sql<number>`count(*)::int`.as('admitted'))
    .select(sql<number>`count(distinct c.device_id)::int`.as('devices'))
    .select(sql<Date>`max(c.created_at)`.as('last_at'))
    .select(accounts.fullNameOf(sql.ref('c.user_id')).as('full_name'))
    .where('c.event_id', '=', eventId)
    .where('c.result', '=', 'admitted')
    .groupBy('c.user_id')
    .orderBy(sql`count(*)`, 'desc')
    .execute();
}

export function checkinsByHour(
  db: Kysely<Database>,
  eventId: string,
): Promise<{ hour: Date; admitted: number }[]> {
  return db
    .selectFrom('checkin_log')
    .select(sql<Date>`date_trunc('hour', created_at)`.as('hour'))
    .select(sql<number>`count(*)::int`.as('admitted'))
    .where('event_id', '=', eventId)
    .where('result', '=', 'admitted')
    .groupBy(sql`date_trunc('hour', created_at)`)
    .orderBy(sql`date_trunc('hour', created_at)`)
    .execute();
}
