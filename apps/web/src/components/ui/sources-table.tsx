import { formatCount, formatNaira, type TrackingFigures } from '@gatepass/shared';
import { TableHead } from './table.tsx';

export interface SourceRowView extends TrackingFigures {
  key: string;
  label: string;
  /** A second line under the label (the event of a link, its widget share). */
  detail?: string | undefined;
}

const rate = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : '—';

const COLUMNS: { key: keyof TrackingFigures; label: string; money?: boolean }[] = [
  { key: 'views', label: 'Views' },
  { key: 'checkoutStarts', label: 'Checkout starts' },
  { key: 'orders', label: 'Orders' },
  { key: 'revenue', label: 'Revenue', money: true },
];

/**
 * Where sales come from (issue 26 §4): per source, views → checkout starts → orders →
 * revenue, and the share of views that became orders. A table on wide screens, cards on a
 * phone. Presentational only: the event page and Finances each bring their rows.
 */
export function SourcesTable({
  rows,
  totals,
  caption,
}: {
  rows: SourceRowView[];
  totals: TrackingFigures;
  caption: string;
}) {
  const cell = (row: TrackingFigures, key: keyof TrackingFigures, money?: boolean) =>
    money ? formatNaira(row[key]) : formatCount(row[key]);
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm" data-testid="sources-table">
          <caption className="sr-only">{caption}</caption>
          <TableHead
            columns={[
              { label: 'Source', className: 'py-3 pr-3' },
              ...COLUMNS.map((c) => ({ label: c.label, className: 'px-3 py-3 text-right' })),
              { label: 'Conversion', className: 'py-3 pl-3 text-right' },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key} data-source={row.label}>
                <th scope="row" className="py-3 pr-3 font-medium text-slate-900">
                  {row.label}
                  {row.detail ? (
                    <span className="block text-xs font-normal text-slate-500">{row.detail}</span>
                  ) : null}
                </th>
                {COLUMNS.map((c) => (
                  <td key={c.key} className="px-3 py-3 text-right tabular-nums" data-col={c.key}>
                    {cell(row, c.key, c.money)}
                  </td>
                ))}
                <td className="py-3 pl-3 text-right tabular-nums text-slate-600">
                  {rate(row.orders, row.views)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold text-slate-900">
            <tr>
              <th scope="row" className="py-3 pr-3">
                Total
              </th>
              {COLUMNS.map((c) => (
                <td key={c.key} className="px-3 py-3 text-right tabular-nums">
                  {cell(totals, c.key, c.money)}
                </td>
              ))}
              <td className="py-3 pl-3 text-right tabular-nums">
                {rate(totals.orders, totals.views)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li
            key={row.key}
            className="rounded-xl p-4 ring-1 ring-slate-200"
            data-source={row.label}
          >
            <p className="font-medium text-slate-900">{row.label}</p>
            {row.detail ? <p className="text-xs text-slate-500">{row.detail}</p> : null}
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {COLUMNS.map((c) => (
                <div key={c.key} className="flex justify-between gap-2">
                  <dt className="text-slate-500">{c.label}</dt>
                  <dd className="tabular-nums text-slate-900" data-col={c.key}>
                    {cell(row, c.key, c.money)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
