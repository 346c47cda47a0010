import { ExportCsvButton } from '../../../components/ui/export-button.tsx';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ReceiptIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState } from '../../../components/ui/panel.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useExportOrders } from '../api/export-orders.ts';
import { useEventOptions } from '../api/get-event-options.ts';
import { useOrders } from '../api/get-orders.ts';
import { OrderDrawer } from '../components/order-drawer.tsx';
import { OrdersFilters } from '../components/orders-filters.tsx';
import { OrdersList } from '../components/orders-list.tsx';
import {
  isFiltered,
  readOrdersFilter,
  writeOrdersFilter,
  type OrdersFilter,
} from '../lib/filters.ts';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

/** /events/manage/orders/: every order of the organiser's events. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readOrdersFilter(params), [params]);
  const openOrderId = params.get('order') ?? undefined;
  const orders = useOrders(filter);
  const events = useEventOptions();
  const exporter = useExportOrders();

  const setFilter = useCallback(
    (next: OrdersFilter) => setParams((current) => writeOrdersFilter(next, current)),
    [setParams],
  );
  const openOrder = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('order', id);
      return next;
    });
  const closeOrder = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('order');
      return next;
    });

  const data = orders.data;
  const filtered = isFiltered(filter);

  return (
    <>
      <PageHeader
        eyebrow="Organiser"
        title="Orders"
        subtitle="Every ticket order across your events: find a buyer, resend tickets, take offline payments and refund."
        actions={
          <ExportCsvButton
            busy={exporter.isPending}
            onExport={() => exporter.mutate(filter)}
            title="Download the orders matching the current filters as a CSV file"
            withIcon
          />
        }
      />
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5">
          <div className="border-b border-slate-100 px-4 py-4 sm:px-6">
            <OrdersFilters filter={filter} events={events.data} onChange={setFilter} />
          </div>
          <div aria-live="polite" aria-busy={orders.isFetching}>
            {orders.isPending ? (
              <BlockSpinner label="Loading orders…" className="py-16" />
            ) : orders.isError ? (
              <div className="p-6">
                <LoadFailed onRetry={orders.refetch}>The orders could not be loaded.</LoadFailed>
              </div>
            ) : data && data.items.length > 0 ? (
              <div
                className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
              >
                <p className="sr-only">
                  {data.total} {data.total === 1 ? 'order' : 'orders'} found
                </p>
                <OrdersList orders={data.items} onOpen={openOrder} />
              </div>
            ) : filtered ? (
              <EmptyState icon={<ReceiptIcon className="size-6" />} title="No orders match">
                Try another search or clear the filters.
              </EmptyState>
            ) : (
              <EmptyState
                icon={<ReceiptIcon className="size-6" />}
                title="No orders yet"
                action={
                  <Link to={paths.manage.all} className={buttonClasses('primary')}>
                    Go to my events
                  </Link>
                }
              >
                Orders appear here as soon as someone gets a ticket to one of your events.
              </EmptyState>
            )}
          </div>
          {data && data.total > 0 ? (
            <div className="border-t border-slate-100 px-4 py-3 sm:px-6">
              <Pagination
                page={data.page}
                pageCount={data.pageCount}
                pageSize={data.pageSize}
                total={data.total}
                noun={data.total === 1 ? 'order' : 'orders'}
                onPage={(page) => {
                  setFilter({ ...filter, page });
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            </div>
          ) : null}
        </div>
      </div>
      <OrderDrawer orderId={openOrderId} onClose={closeOrder} />
    </>
  );
}
