import type { ReactNode } from 'react';

export interface TableColumn {
  label: ReactNode;
  className?: string;
}

/** The usual look of a data table's header row: small grey capitals over a rule. */
export const tableHeadClass =
  'border-b border-slate-200 text-xs font-semibold uppercase tracking-wide text-slate-500';

/** A table's header row, each label a column header (`scope="col"`) for screen readers. */
export function TableHead({
  columns,
  className = tableHeadClass,
}: {
  columns: TableColumn[];
  className?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
