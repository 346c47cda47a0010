import type { Db } from '../../db/database.ts';
import type { MediaInfoRow, MediaRow } from './media.table.ts';

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
    .returning([
      'id',
      'owner_id',
      'content_type',
      'byte_size',
      'width',
      'height',
      'sha256',
      'created_at',
    ])
    .executeTakeFirstOrThrow();
}

export function findMedia(db: Db, id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMediaInfo(db: Db, id: string): Promise<MediaInfoRow | undefined> {
  return db
    .selectFrom('media')
    .select([
      'id',
      'owner_id',
      'content_type',
      'byte_size',
      'width',
      'height',
      'sha256',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
