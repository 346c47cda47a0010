import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import type { ApiTokenTables } from '../modules/api-tokens/api-tokens.table.ts';
import type { AuthTables } from '../modules/auth/auth.table.ts';
import type { CheckinTables } from '../modules/checkin/checkin.table.ts';
import type { EventTables } from '../modules/events/events.table.ts';
import type { MailTables } from '../modules/mail/mail.table.ts';
import type { MessageTables } from '../modules/messages/messages.table.ts';
import type { MediaTables } from '../modules/media/media.table.ts';
import type { OrderManageTables } from '../modules/orders/orders.manage.table.ts';
import type { OrderTables } from '../modules/orders/orders.table.ts';
import type { PaymentTables } from '../modules/payments/payments.table.ts';
import type { QuestionTables } from '../modules/questions/questions.table.ts';
import type { PromoTables } from '../modules/promos/promos.table.ts';
import type { PaystackSandboxTables } from '../modules/paystack-sandbox/paystack-sandbox.table.ts';
import type { SettingsTables } from '../modules/settings/settings.table.ts';
import type { TeamTables } from '../modules/team/team.table.ts';
import type { TrackingTables } from '../modules/tracking/tracking.table.ts';
import type { WaitlistTables } from '../modules/waitlist/waitlist.table.ts';
import type { WaitingRoomTables } from '../modules/waiting-room/waiting-room.table.ts';
import type { WalletTables } from '../modules/wallet/wallet.table.ts';
import type { WebhookTables } from '../modules/webhooks/webhooks.table.ts';
import type { AppSecretsTables } from './app-secrets.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { PGlitePool } from './pglite-pool.ts';

/** Every table, assembled from the modules that own them. */
export type Database = AuthTables &
  AppSecretsTables &
  ApiTokenTables &
  TrackingTables &
  MailTables &
  MessageTables &
  MediaTables &
  EventTables &
  OrderTables &
  PromoTables &
  QuestionTables &
  PaymentTables &
  PaystackSandboxTables &
  CheckinTables &
  OrderManageTables &
  SettingsTables &
  TeamTables &
  WaitlistTables &
  WaitingRoomTables &
  WalletTables &
  WebhookTables;
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: 'postgres' | 'pglite';
  close(): Promise<void>;
}

// Return int8 (count(*), sums) as numbers: money is kobo and stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let dialect: Dialect;
  let engine: DatabaseHandle['engine'];
  let lock: DataDirLock | undefined;
  if (options.databaseUrl) {
    engine = 'postgres';
    dialect = new PostgresDialect({
      pool: new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 }),
    });
  } else {
    engine = 'pglite';
    const dir = options.dataDir ?? 'memory://';
    let dataDir = dir;
    if (!dir.startsWith('memory://')) {
      // Before any database file is touched: one process per directory (decision 027).
      // Throws DataDirLockedError naming the holder.
      lock = lockDataDir(dir);
      dataDir = path.join(dir, 'pglite');
      fs.mkdirSync(dataDir, { recursive: true });
    }
    try {
      const pglite = await PGlite.create({ dataDir, parsers: { 20: (v: string) => Number(v) } });
      dialect = new PostgresDialect({ pool: new PGlitePool(pglite) as never });
    } catch (err) {
      lock?.release();
      throw err;
    }
  }
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    engine,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}
