import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dropDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL database created for this test run (server-postgres project). */
    postgresRunUrl: string;
  }
}

/**
 * The machine's PostgreSQL trusts local connections; `postgres` is the usual superuser
 * and `root` the fallback on machines where only the login user's role exists.
 * TEST_POSTGRES_URL overrides both (e.g. a CI service with a password).
 */
const CANDIDATE_ADMIN_URLS = [
  process.env.TEST_POSTGRES_URL,
  'postgres://postgres@127.0.0.1:5432/postgres',
  'postgres://root@127.0.0.1:5432/postgres',
  'postgres://root@127.0.0.1:5432/test',
].filter((url): url is string => Boolean(url));

async function connectAdmin(): Promise<{ client: pg.Client; url: string }> {
  const failures: string[] = [];
  for (const url of CANDIDATE_ADMIN_URLS) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return { client, url };
    } catch (err) {
      failures.push(`${url}: ${(err as Error).message}`);
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`No PostgreSQL server to test on:\n${failures.join('\n')}`);
}

/**
 * One database per run of the server-postgres project, so parallel runs on one machine
 * never see each other's rows; each test file then gets its own database named after it
 * (test/helper.ts). All are dropped at the end, connections first.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { client: admin, url: adminUrl } = await connectAdmin();
  const name = `gatepass_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const runUrl = new URL(adminUrl);
  runUrl.pathname = `/${name}`;
  project.provide('postgresRunUrl', runUrl.toString());

  return async () => {
    try {
      // The run's database and the per-file ones test/helper.ts names after it.
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $1 || '\\_%'",
        [name],
      );
      for (const { datname } of rows) await dropDatabase(admin, datname);
    } finally {
      await admin.end();
    }
  };
}
