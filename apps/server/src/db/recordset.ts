import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Database } from './database.ts';

type Table = keyof Database & string;

/** A row for `table` as the JSON the recordset carries: every named column, JSON values. */
export type RecordsetRow<T extends Table> = {
  [C in keyof Insertable<Database[T]>]?: unknown;
};

/**
 * Many rows of `table` as one JSON parameter, for `insert into t (columns) <rows> …`
 * (decision 105): `columns` is the column list, `rows` the `select` that reads them back out
 * of `json_populate_recordset`.
 *
 * A VALUES list sends one parameter per value: a group of 100 orders was 2,400 of them, a
 * statement text of ~20 KB to parse and plan every time, and most of the app's CPU in the
 * flash sale went into building, encoding and writing it. One JSON text is encoded by V8
 * natively and decoded by PostgreSQL in C; the statement stays the same size whatever the
 * group's.
 *
 * Each row must name the same columns, with JSON values: a Date is written as its ISO text;
 * a json/jsonb column takes the value itself (an object, not its JSON text: a string stays a
 * JSON string). A column the list names is never its default, even when a row leaves it out
 * (it is null then), so every row gives every column.
 */
export function recordset<T extends Table>(
  table: T,
  columns: readonly (keyof Insertable<Database[T]> & string)[],
  rows: readonly RecordsetRow<T>[],
): { columns: RawBuilder<unknown>; rows: RawBuilder<unknown> } {
  const names = sql.join(columns.map((c) => sql.ref(c)));
  return {
    columns: names,
    rows: sql`select ${names} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`,
  };
}

/**
 * A row builder's column list, checked by the compiler both ways: every name is a key of
 * `Row`, and every key of `Row` is named — a key left out would silently not be written
 * (`allColumns<Row>()([...])` then asks for a second argument naming what is missing).
 */
export function allColumns<Row>() {
  return <const C extends readonly (keyof Row & string)[]>(
    columns: C,
    ..._missing: [Exclude<keyof Row, C[number]>] extends [never]
      ? []
      : [missing: Exclude<keyof Row, C[number]>]
  ): C => columns;
}
