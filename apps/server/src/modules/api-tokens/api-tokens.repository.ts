import type { ApiTokenScope } from '@gatepass/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ApiTokensTable } from './api-tokens.table.ts';

export type ApiTokenRow = Selectable<ApiTokensTable>;

export function findByHash(db: Db, tokenHash: string): Promise<ApiTokenRow | undefined> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used; at most one write a minute per token (the list shows minutes). */
export async function touch(db: Db, id: string): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}

export function listFor(db: Db, organiserId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('organiser_id', '=', organiserId)
    .orderBy('revoked_at', (ob) => ob.desc().nullsFirst())
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countLive(db: Db, organiserId: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organiser_id', '=', organiserId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insert(
  db: Db,
  values: {
    organiserId: string;
    name: string;
    scope: ApiTokenScope;
    eventIds: string[] | null;
    tokenHash: string;
    prefix: string;
  },
): Promise<ApiTokenRow> {
  return db
    .insertInto('api_tokens')
    .values({
      organiser_id: values.organiserId,
      name: values.name,
      scope: values.scope,
      event_ids: values.eventIds,
      token_hash: values.tokenHash,
      prefix: values.prefix,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes the organiser's token (once: a revoked one keeps its first time). */
export async function revoke(
  db: Db,
  organiserId: string,
  id: string,
): Promise<ApiTokenRow | undefined> {
  const changed = await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (changed) return changed;
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('id', '=', id)
    .where('organiser_id', '=', organiserId)
    .executeTakeFirst();
}
