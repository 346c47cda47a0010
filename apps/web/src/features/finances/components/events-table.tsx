import { formatNaira, type FinancesDto } from '@gatepass/shared';
import { TableHead } from '../../../components/ui/table.tsx';
import { Link } from 'react-router';

type Row = FinancesDto['events'][number];
type Totals = FinancesDto['totals'];

const money = (n: number) => formatNaira(n);

/** Money per event: a table on wide screens, cards on a phone, totals at the foot. */
export function EventsMoneyTable({
  rows,
  totals,
  eventLink,
}: {
  rows: Row[];
  totals: Totals;
  eventLink: (id: string) => string;
}) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Sales per event</caption>
          <TableHead
            columns={[
              { label: 'Event', className: 'px-4 py-3 sm:pl-6' },
              ...['Orders', 'Tickets', 'Gross', 'Discounts', 'Fees'].map((label) => ({
                label,
                className: 'px-3 py-3 text-right',
              })),
              { label: 'Net', className: 'px-4 py-3 text-right sm:pr-6' },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.eventId}>
                <th scope="row" className="max-w-72 px-4 py-3 font-medium sm:pl-6">
                  <Link
                    to={eventLink(row.eventId)}
                    className="block truncate text-slate-900 hover:text-indigo-700"
                  >
                    {row.title}
                  </Link>
                  {row.status === 'cancelled' ? (
                    <span className="text-xs font-normal text-red-700">Cancelled</span>
                  ) : null}
                </th>
                <td className="px-3 py-3 text-right tabular-nums">{row.orders}</td>
                <td className="px-3 py-3 text-right tabular-nums">{row.tickets}</td>
                <td className="px-3 py-3 text-right tabular-nums">{money(row.gross)}</td>
                <td className="px-3 py-3 text-right tabular-nums text-slate-600">
                  {row.discounts > 0 ? `−${money(row.discounts)}` : money(0)}
                </td>
                <td className="px-3 py-3 text-right tabular-nums text-slate-600">
                  {money(row.fees)}
                </td>
                <td className="px-4 py-3 text-right font-semibold tabular-nums text-slate-900 sm:pr-6">
                  {money(row.net)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900">
            <tr>
              <th scope="row" className="px-4 py-3 sm:pl-6">
                Total
              </th>
              <td className="px-3 py-3 text-right tabular-nums">{totals.orders}</td>
              <td className="px-3 py-3 text-right tabular-nums">{totals.tickets}</td>
              <td className="px-3 py-3 text-right tabular-nums">{money(totals.gross)}</td>
              <td className="px-3 py-3 text-right tabular-nums">
                {totals.discounts > 0 ? `−${money(totals.discounts)}` : money(0)}
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{money(totals.fees)}</td>
              <td className="px-4 py-3 text-right tabular-nums sm:pr-6">{money(totals.net)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden">
        {rows.map((row) => (
          <li key={row.eventId} className="px-4 py-4">
            <Link
              to={eventLink(row.eventId)}
              className="font-medium text-slate-900 hover:text-indigo-700"
            >
              {row.title}
            </Link>
            <p className="text-xs text-slate-500">
              {row.orders} {row.orders === 1 ? 'order' : 'orders'} · {row.tickets}{' '}
              {row.tickets === 1 ? 'ticket' : 'tickets'}
              {row.status === 'cancelled' ? ' · Cancelled' : ''}
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Gross</dt>
              <dd className="text-right tabular-nums">{money(row.gross)}</dd>
              <dt className="text-slate-600">Discounts</dt>
              <dd className="text-right tabular-nums">{money(row.discounts)}</dd>
              <dt className="text-slate-600">Fees</dt>
              <dd className="text-right tabular-nums">{money(row.fees)}</dd>
              <dt className="font-semibold text-slate-900">Net</dt>
              <dd className="text-right font-semibold tabular-nums">{money(row.net)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
