import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Serialises the transactions that name the same key until they end (a PostgreSQL
 * transaction-level advisory lock): for a change whose row may not exist yet (a first
 * save) or whose check reads rows a plain row lock does not cover (decision 051). Call it
 * inside a transaction; the lock goes with the commit or rollback.
 */
export async function lockKey(trx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
