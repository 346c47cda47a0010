import type { Generated, Selectable } from 'kysely';

export interface MediaTable {
  id: Generated<string>;
  /** Who uploaded it; null once that account is gone. */
  owner_id: string | null;
  content_type: string;
  bytes: Uint8Array;
  byte_size: number;
  width: number;
  height: number;
  /** Hex sha256 of `bytes`: the ETag. */
  sha256: string;
  created_at: Generated<Date>;
}

export interface MediaTables {
  media: MediaTable;
}

export type MediaRow = Selectable<MediaTable>;
export type MediaInfoRow = Omit<MediaRow, 'bytes'>;
