import type { PGlite } from '@electric-sql/pglite';

/**
 * Makes one PGlite instance look like a `pg` pool to Kysely's PostgresDialect, so both
 * engines share one dialect, one set of migrations and one SQL.
 *
 * PGlite is a single connection, so a "connection" here is a lease: the next `connect()`
 * waits until the previous client is released. That keeps a transaction's statements
 * together and serialises concurrent transactions, exactly as a pool of size one would.
 */
interface QueryResult {
  command: string;
  rowCount: number;
  rows: unknown[];
}

const COMMAND = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)\b/i;

export class PGlitePool {
  private tail: Promise<void> = Promise.resolve();

  constructor(readonly pg: PGlite) {}

  async connect() {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const pg = this.pg;
    return {
      async query(sql: string, parameters?: readonly unknown[]): Promise<QueryResult> {
        const result = await pg.query(sql, parameters as unknown[] | undefined);
        const command = (COMMAND.exec(sql)?.[1] ?? 'SELECT').toUpperCase();
        return {
          command,
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release() {
        release();
      },
    };
  }

  async end(): Promise<void> {
    await this.tail;
    if (!this.pg.closed) await this.pg.close();
  }
}
