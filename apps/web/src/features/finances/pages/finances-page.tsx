import { ExportCsvButton } from '../../../components/ui/export-button.tsx';
import { formatCount, formatDay, formatNaira } from '@gatepass/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { BanknoteIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState, Panel, StatCard } from '../../../components/ui/panel.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useExportFinances } from '../api/export-finances.ts';
import { useFinanceEventOptions } from '../api/get-event-options.ts';
import { useFinances } from '../api/get-finances.ts';
import { EventsMoneyTable } from '../components/events-table.tsx';
import { FinancesFilters } from '../components/finances-filters.tsx';
import { PayoutsLedger } from '../components/payouts-ledger.tsx';
import { SalesChart } from '../components/sales-chart.tsx';
import { SourcesPanel } from '../components/sources-panel.tsx';
import { readFinancesFilter, writeFinancesFilter } from '../lib/range.ts';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

/** /events/manage/financies/ (spelled as the spec spells it): the organiser's money. */
export function FinancesPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFinancesFilter(params), [params]);
  const report = useFinances(filter);
  const events = useFinanceEventOptions();
  const exporter = useExportFinances();
  const data = report.data;

  const rangeLabel = data
    ? data.range.from && data.range.to
      ? `${formatDay(data.range.from)} – ${formatDay(data.range.to)}`
      : data.range.from
        ? `Since ${formatDay(data.range.from)}`
        : data.range.to
          ? `Until ${formatDay(data.range.to)}`
          : 'All time'
    : '';

  return (
    <>
      <PageHeader
        eyebrow="Organiser"
        title="Finances"
        subtitle="What your tickets earned: completed orders only, dated by when they were paid (Lagos time)."
        actions={
          <ExportCsvButton
            busy={exporter.isPending}
            onExport={() => exporter.mutate(filter)}
            title="Download the completed orders behind these figures as a CSV file"
          />
        }
      />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <FinancesFilters
          filter={filter}
          events={events.data}
          onChange={(next) => setParams(writeFinancesFilter(next), { replace: true })}
        />
        {report.isPending ? (
          <BlockSpinner label="Loading finances…" className="py-16" />
        ) : report.isError || !data ? (
          <LoadFailed onRetry={report.refetch}>The figures could not be loaded.</LoadFailed>
        ) : (
          <div
            className={
              report.isPlaceholderData ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'
            }
            aria-busy={report.isFetching}
          >
            <section aria-labelledby="totals-title">
              <h2 id="totals-title" className="sr-only">
                Totals, {rangeLabel}
              </h2>
              <dl
                className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
                data-testid="finance-totals"
              >
                <StatCard
                  label="Gross sales"
                  value={formatNaira(data.totals.gross)}
                  hint={
                    <>
                      <span className="block">
                        Incl. {formatNaira(data.totals.feesPassed)} fees paid by buyers
                      </span>
                      <span className="block">
                        {formatCount(data.totals.orders)} orders ·{' '}
                        {formatCount(data.totals.tickets)} tickets
                      </span>
                    </>
                  }
                />
                <StatCard
                  label="Discounts"
                  value={formatNaira(data.totals.discounts)}
                  hint="Taken off by promo codes"
                />
                <StatCard
                  label="Fees"
                  value={formatNaira(data.totals.fees)}
                  hint={`${formatNaira(data.totals.feesPassed)} paid by buyers · ${formatNaira(data.totals.feesAbsorbed)} absorbed`}
                />
                <StatCard
                  label="Net"
                  value={formatNaira(data.totals.net)}
                  hint="What you keep: gross − fees"
                  tone="positive"
                />
              </dl>
              {data.testOrdersLeftOut > 0 ? (
                <Alert className="mt-3" tone="info">
                  {data.testOrdersLeftOut === 1
                    ? '1 test order (paid with the TEST provider, no money) is left out of these figures.'
                    : `${formatCount(data.testOrdersLeftOut)} test orders (paid with the TEST provider, no money) are left out of these figures.`}
                </Alert>
              ) : null}
            </section>

            <Panel title="Sales over time" description={rangeLabel}>
              {data.daily.length === 0 || data.totals.orders === 0 ? (
                <p className="py-10 text-center text-sm text-slate-500">
                  No completed orders in this range.
                </p>
              ) : (
                <SalesChart days={data.daily} />
              )}
            </Panel>

            <Panel title="By event" flush>
              {data.events.length === 0 ? (
                <EmptyState icon={<BanknoteIcon className="size-6" />} title="No sales yet">
                  Once buyers complete orders for your published events, each event&apos;s money
                  shows here.
                </EmptyState>
              ) : (
                <EventsMoneyTable
                  rows={data.events}
                  totals={data.totals}
                  eventLink={(id) => paths.manage.event(id)}
                />
              )}
            </Panel>
            <p className="text-xs text-slate-500">
              Gross is what buyers paid (ticket prices − discounts + fees passed to buyers). Fees
              are the Gatepass service fee, whoever bore it. Net = gross − fees. Refunded,
              cancelled, expired and unpaid orders are not counted.
            </p>
          </div>
        )}
        <SourcesPanel />
        <PayoutsLedger filter={filter} />
      </div>
    </>
  );
}
