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

/** `lockKey` for several keys in one statement, in one order for every caller (no deadlock). */
export async function lockKeys(trx: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  await sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
    from unnest(${sorted}::text[]) with ordinality as u(k, n) order by n`.execute(trx);
}
