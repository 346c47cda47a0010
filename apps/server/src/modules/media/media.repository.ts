import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MediaInfoRow, MediaRow } from './media.table.ts';

/** What a media row says without its bytes. */
const INFO_COLUMNS = [
  'id',
  'owner_id',
  'content_type',
  'byte_size',
  'width',
  'height',
  'sha256',
  'created_at',
] as const;

export function insertMedia(
  db: Db,
  media: {
    ownerId: string;
    contentType: string;
    bytes: Buffer;
    width: number;
    height: number;
    sha256: string;
  },
): Promise<MediaInfoRow> {
  return db
    .insertInto('media')
    .values({
      owner_id: media.ownerId,
      content_type: media.contentType,
      bytes: media.bytes,
      byte_size: media.bytes.length,
      width: media.width,
      height: media.height,
      sha256: media.sha256,
    })
    .returning(INFO_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function findMedia(db: Db, id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMediaInfo(db: Db, id: string): Promise<MediaInfoRow | undefined> {
  return db.selectFrom('media').select(INFO_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Every column that uses an image. An image none of them names is unused (an upload never
 * attached, a replaced cover or logo, the cover of a deleted event). A new column that
 * references media must be added here: media.sweep.test.ts compares this list with the
 * database's foreign keys.
 */
export const MEDIA_REFERENCES = [
  { table: 'events', column: 'cover_image_id' },
  { table: 'organiser_settings', column: 'logo_media_id' },
] as const;

const unreferenced = sql<boolean>`${sql.join(
  MEDIA_REFERENCES.map(
    (r) =>
      sql`not exists (select 1 from ${sql.table(r.table)} where ${sql.ref(`${r.table}.${r.column}`)} = media.id)`,
  ),
  sql` and `,
)}`;

/**
 * Locks up to `limit` unused images uploaded more than `graceHours` ago. SKIP LOCKED passes
 * over an image being attached right now (the referencing row's foreign-key check holds a
 * lock on it) and lets several processes sweep side by side. Call in a transaction, then
 * `deleteUnusedMedia` with the ids.
 */
export async function lockUnusedMedia(
  trx: Db,
  graceHours: number,
  limit: number,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('media')
    .select('id')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${graceHours})`)
    .where(unreferenced)
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes those of the locked images still unused. Checked again in this statement: it
 * sees every reference committed before the lock was taken, and none can be added while
 * it is held.
 */
export async function deleteUnusedMedia(trx: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await trx
    .deleteFrom('media')
    .where('id', 'in', ids)
    .where(unreferenced)
    .returning('id')
    .execute();
  return rows.length;
}
