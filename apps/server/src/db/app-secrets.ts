import type { Generated } from 'kysely';
import { newToken } from '../lib/secrets.ts';
import type { Db } from './database.ts';

/** Keys the app makes for itself: the database layer's own table (decision 064). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface AppSecretsTables {
  app_secrets: AppSecretsTable;
}

/**
 * The named key from `app_secrets`, made by the first process to ask and the same for every
 * app server after (waiting-room passes, ticket links): nothing to configure, and a key
 * that survives restarts.
 */
export async function appSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: newToken() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
