import { createHash } from 'node:crypto';
import type { MediaDto } from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/database.ts';
import { processImage } from './media.image.ts';
import * as repo from './media.repository.ts';
import type { MediaInfoRow } from './media.table.ts';

export const mediaUrl = (id: string): string => `/api/v1/media/${id}`;

export function toMediaDto(row: MediaInfoRow): MediaDto {
  return {
    id: row.id,
    url: mediaUrl(row.id),
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    bytes: row.byte_size,
  };
}

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
  etag: string;
}

export interface UnusedMediaSweep {
  /** How old an unused image must be before it is deleted (an upload waiting for its form). */
  graceHours: number;
  /** How often the sweeper looks. */
  intervalMs: number;
}

/** Images deleted per transaction by the sweeper. */
const SWEEP_BATCH = 100;

export class MediaService {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly sweep: UnusedMediaSweep = { graceHours: 24, intervalMs: 3_600_000 },
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Checks, re-encodes and stores an uploaded image; nothing is stored if any step refuses it. */
  async storeImage(ownerId: string, upload: Buffer): Promise<MediaDto> {
    const image = await processImage(upload);
    const row = await repo.insertMedia(this.db, {
      ownerId,
      contentType: image.contentType,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
    });
    return toMediaDto(row);
  }

  async read(id: string): Promise<StoredImage | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await repo.findMedia(this.db, id);
    if (!row) return undefined;
    // pg answers a Buffer, PGlite a Uint8Array: one view over the same memory either way.
    const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    return { contentType: row.content_type, bytes, etag: `"${row.sha256}"` };
  }

  /** Whether this user uploaded that image (an event may only use its owner's images). */
  async isOwnedBy(id: string, userId: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const row = await repo.findMediaInfo(this.db, id);
    return row?.owner_id === userId;
  }

  /**
   * Deletes images no event or organiser uses, uploaded more than `graceHours` ago
   * (docs/decisions/016-unused-media-sweeper.md). Answers how many were deleted.
   */
  async deleteUnused(): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.db.transaction().execute(async (trx) => {
        const ids = await repo.lockUnusedMedia(trx, this.sweep.graceHours, SWEEP_BATCH);
        return { locked: ids.length, deleted: await repo.deleteUnusedMedia(trx, ids) };
      });
      total += deleted.deleted;
      if (deleted.locked < SWEEP_BATCH) return total;
    }
  }

  /** Runs `deleteUnused` every `intervalMs`, like the expired-holds sweeper. */
  start(): void {
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.deleteUnused()
        .then((deleted) => {
          if (deleted > 0) this.log?.info({ deleted }, 'unused images deleted');
        })
        .catch((err: unknown) => this.log?.error({ err }, 'deleting unused images failed'))
        .finally(() => (this.sweeping = undefined));
    }, this.sweep.intervalMs);
    this.timer.unref();
  }

  /** Stops the sweeper; waits for a sweep in flight so the database can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }
}
