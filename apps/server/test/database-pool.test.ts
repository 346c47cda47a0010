import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './helper.ts';

/**
 * DATABASE_POOL_SIZE (decision 111) bounds the PostgreSQL connections one app process
 * opens, however many requests want the database at once. PGlite has one connection.
 */
describe.runIf(testEngine === 'postgres')('DATABASE_POOL_SIZE', () => {
  let database: TestDatabase;
  let observer: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The helper's own pool is closed: every connection to this database is then the app's
    // (and this observer's, which is left out of the count).
    await database.handle.close();
    observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
  });
  afterAll(async () => {
    await observer?.end();
    // The handle is closed already; drop() closes it again (a no-op) and drops the database.
    await database?.drop().catch(() => undefined);
  });

  it('opens at most that many connections under 200 requests at once', async () => {
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '2',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://gatepass.test',
    });
    const app = await buildApp(config);
    try {
      const name = new URL(database.url!).pathname.slice(1);
      let most = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const { rows } = await observer.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          );
          most = Math.max(most, rows[0]!.n);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(
          Array.from({ length: 200 }, () => app.inject({ method: 'GET', url: '/api/v1/health' })),
        );
        expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      }
      sampling = false;
      await sampler;
      expect(most).toBeGreaterThanOrEqual(1);
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      await app.close();
    }
  });
});
