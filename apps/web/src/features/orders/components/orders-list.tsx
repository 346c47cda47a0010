import { formatNaira, formatShortDateTime, type ManageOrderListItem } from '@gatepass/shared';
import { TableHead } from '../../../components/ui/table.tsx';
import { TestPaidBadge } from '../../../components/ui/badge.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

/**
 * The orders as a table on wide screens and as cards on a phone. Each order opens its
 * detail through a real button (the order code), so it works from the keyboard.
 */
export function OrdersList({
  orders,
  onOpen,
}: {
  orders: ManageOrderListItem[];
  onOpen: (id: string) => void;
}) {
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Orders</caption>
          <TableHead
            columns={[
              { label: 'Order', className: 'px-4 py-3 sm:pl-6' },
              { label: 'Buyer', className: 'px-4 py-3' },
              { label: 'Event', className: 'hidden px-4 py-3 lg:table-cell' },
              ...['Tickets', 'Total'].map((label) => ({
                label,
                className: 'px-4 py-3 text-right',
              })),
              { label: 'Status', className: 'px-4 py-3 sm:pr-6' },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {orders.map((order) => (
              <tr
                key={order.id}
                onClick={() => onOpen(order.id)}
                className="cursor-pointer align-top transition-colors hover:bg-slate-50"
              >
                <td className="px-4 py-3 sm:pl-6">
                  <button
                    type="button"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(order.id);
                    }}
                    className="rounded font-mono font-semibold text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    aria-label={`Order ${order.orderCode}, ${order.firstName} ${order.lastName}`}
                  >
                    {order.orderCode}
                  </button>
                  <div className="mt-0.5 text-xs text-slate-500">
                    {formatShortDateTime(order.createdAt)}
                  </div>
                </td>
                <td className="max-w-56 px-4 py-3">
                  <div className="truncate font-medium text-slate-900">
                    {order.firstName} {order.lastName}
                  </div>
                  <div className="truncate text-slate-500">{order.email}</div>
                  <NamedNote order={order} />
                </td>
                <td className="hidden max-w-64 px-4 py-3 text-slate-700 lg:table-cell">
                  <div className="truncate">{order.eventTitle}</div>
                </td>
                <td className="px-4 py-3 text-right tabular-nums text-slate-700">
                  {order.quantity}
                </td>
                <td className="px-4 py-3 text-right font-medium tabular-nums text-slate-900">
                  {formatNaira(order.totalPrice)}
                </td>
                <td className="px-4 py-3 sm:pr-6">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <OrderStatusBadge status={order.status} />
                    {order.testPayment ? <TestPaidBadge /> : null}
                    {order.attendedAt ? (
                      <span className="text-xs font-medium text-emerald-700">Checked in</span>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden">
        {orders.map((order) => (
          <li key={order.id}>
            <button
              type="button"
              onClick={() => onOpen(order.id)}
              className="block w-full px-4 py-4 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
            >
              {/* The card's text is its name: "Order 12345678 Completed Chidi Okafor …". */}
              <div className="flex items-center justify-between gap-3">
                <span className="font-mono text-sm font-semibold text-indigo-700">
                  <span className="sr-only">Order </span>
                  {order.orderCode}
                </span>
                <span className="flex items-center gap-1.5">
                  {order.testPayment ? <TestPaidBadge /> : null}
                  <OrderStatusBadge status={order.status} />
                </span>
              </div>
              <div className="mt-1.5 truncate font-medium text-slate-900">
                {order.firstName} {order.lastName}
              </div>
              <div className="truncate text-sm text-slate-500">{order.email}</div>
              <NamedNote order={order} />
              <div className="mt-1 truncate text-sm text-slate-700">{order.eventTitle}</div>
              <div className="mt-2 flex items-end justify-between gap-3 text-sm">
                <span className="min-w-0 text-slate-500">
                  {order.quantity} {order.quantity === 1 ? 'ticket' : 'tickets'} ·{' '}
                  {formatShortDateTime(order.createdAt)}
                </span>
                <span className="shrink-0 font-semibold tabular-nums text-slate-900">
                  {formatNaira(order.totalPrice)}
                </span>
              </div>
              {order.attendedAt ? (
                <div className="mt-1 text-xs font-medium text-emerald-700">Checked in</div>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A sent ticket's group order, or the names given to a group's tickets (decision 080). */
function NamedNote({ order }: { order: ManageOrderListItem }) {
  if (order.parentOrderCode)
    return (
      <div className="truncate text-xs text-slate-500">
        Ticket from order <span className="font-mono">{order.parentOrderCode}</span>
      </div>
    );
  if (order.holders?.length)
    return <div className="truncate text-xs text-slate-500">Named: {order.holders.join(', ')}</div>;
  return null;
}
