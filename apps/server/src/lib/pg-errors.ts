/**
 * A unique index refused the write (PostgreSQL's 23505, as PGlite reports it too); with a
 * column, only when the index or the message names it (a slug, an email, a phone).
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: string; constraint?: string; message?: string; detail?: string };
  if (e.code !== '23505') return false;
  return (
    column === undefined ||
    `${e.constraint ?? ''} ${e.message ?? ''} ${e.detail ?? ''}`.includes(column)
  );
}
