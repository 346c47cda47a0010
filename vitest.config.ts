import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          // Server tests wait on databases, child processes and scrypt's thread pool as much
          // as on the CPU, so two files at a time pay off even on two cores.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: ['apps/server/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/postgres-global-setup.ts'],
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'] } },
    ],
  },
});
