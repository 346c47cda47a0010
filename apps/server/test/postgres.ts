import type pg from 'pg';

/**
 * Drops a test database. Connections a pool has just closed linger for a moment (pg's
 * `pool.end()` resolves before the sockets are gone), and terminating one of those makes its
 * client throw, so this waits for them first and only then ends whatever still holds on
 * (a crashed child process, say).
 */
export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    if (rows[0]?.n === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [name],
  );
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
}
