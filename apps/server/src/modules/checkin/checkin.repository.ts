import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
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
