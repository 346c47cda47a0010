import { pipeline, Readable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@gatepass/shared';
import { stringify } from 'csv-stringify';
import { format } from 'date-fns';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/**
 * A cell a spreadsheet would run as a formula (it starts with = + - @, or a tab or carriage
 * return some programs skip first) gets a leading apostrophe, so buyer-typed text such as
 * `=HYPERLINK(…)` shows as text. OWASP "CSV Injection". A plain negative number (a refund
 * line's "-5330.00") is no formula and stays a number.
 */
export function neutraliseFormula(value: string): string {
  if (/^-\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** "2026-12-05 19:00:00" in Lagos time; empty for null. */
export function lagosTime(instant: Date | null): string {
  if (!instant) return '';
  return format(new TZDate(instant.getTime(), DEFAULT_TIME_ZONE), 'yyyy-MM-dd HH:mm:ss');
}

/** Kobo as naira with two decimals, as a number cell ("5000.00" → 5000). */
export const nairaCell = (kobo: number): string => (kobo / 100).toFixed(2);

/**
 * Streams batches of rows as CSV (UTF-8 with a BOM so spreadsheets read ₦ and accents,
 * CRLF line ends, RFC 4180 quoting). Rows are pulled one batch at a time as the client
 * reads, so memory stays at one batch whatever the size of the export; a client that goes
 * away stops the batches.
 */
export function csvStream<T>(
  columns: CsvColumn<T>[],
  batches: AsyncIterable<T[]>,
  onError: (err: Error) => void,
): Readable {
  async function* records() {
    for await (const batch of batches) {
      for (const row of batch) yield columns.map((c) => c.value(row) ?? '');
    }
  }
  const out = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    bom: true,
    record_delimiter: 'windows',
    // Line breaks inside a cell are quoted too (the default only quotes the record delimiter).
    quoted_match: /[\r\n]/,
    cast: { string: neutraliseFormula },
  });
  pipeline(Readable.from(records()), out, (err) => {
    if (
      err &&
      err.name !== 'AbortError' &&
      (err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE'
    )
      onError(err);
  });
  return out;
}
