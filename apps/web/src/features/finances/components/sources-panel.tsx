import { Panel } from '../../../components/ui/panel.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SourcesTable } from '../../../components/ui/sources-table.tsx';
import { QueryState } from '../../../components/ui/spinner.tsx';
import { useSources } from '../api/get-sources.ts';

/**
 * Where sales come from (issue 26 §4) across every event: direct, the widget and each
 * tracking link with its event. All time: views are kept in total, not per day.
 */
export function SourcesPanel() {
  const sources = useSources();
  return (
    <Panel
      id="sources"
      title="Where sales come from"
      description="All time, every event: views of the event pages, checkouts started, completed orders and what buyers paid, per source. Make tracking links on each event's page."
    >
      <QueryState
        query={sources}
        loading="Loading sources…"
        spinnerClassName="py-8"
        failed={
          <LoadFailed onRetry={() => void sources.refetch()}>
            The sources could not be loaded.
          </LoadFailed>
        }
      >
        {(data) => (
          <SourcesTable
            caption="Views, checkout starts, orders and revenue per source, all events"
            totals={data.totals}
            rows={data.sources.map((s) => ({
              ...s,
              key: s.linkId ?? s.source,
              detail: s.eventTitle ?? undefined,
            }))}
          />
        )}
      </QueryState>
    </Panel>
  );
}
