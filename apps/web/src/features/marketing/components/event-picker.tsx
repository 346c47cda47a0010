import { formatCount, formatEventDate, type ManageEventListItem } from '@gatepass/shared';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EventOptions } from '../../../components/ui/event-options.tsx';
import { Select } from '../../../components/ui/form-controls.tsx';

const statusBadge = (event: ManageEventListItem) => {
  if (event.status === 'cancelled') return <StatusBadge tone="red">Cancelled</StatusBadge>;
  if (event.status === 'draft') return <StatusBadge tone="gray">Draft</StatusBadge>;
  if (event.ended) return <StatusBadge tone="indigo">Ended</StatusBadge>;
  return <StatusBadge tone="green">Published</StatusBadge>;
};

/** Which event the page markets, with a line about it. */
export function EventPicker({
  events,
  selected,
  onSelect,
}: {
  events: ManageEventListItem[];
  selected: ManageEventListItem;
  onSelect: (id: string) => void;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-slate-900/5 sm:px-6 md:flex-row md:items-end md:justify-between">
      <Select
        label="Event"
        value={selected.id}
        onChange={(e) => onSelect(e.target.value)}
        wrapperClassName="md:w-96"
      >
        <EventOptions events={events} />
      </Select>
      <div className="min-w-0 text-sm md:text-right">
        <div className="flex flex-wrap items-center gap-2 md:justify-end">
          {statusBadge(selected)}
          <span className="font-medium text-slate-900">
            {formatCount(selected.sold)} / {formatCount(selected.capacity)} tickets sold
          </span>
          {selected.held > 0 ? (
            <span className="text-slate-600">· {formatCount(selected.held)} held in checkouts</span>
          ) : null}
        </div>
        {selected.startAt ? (
          <p className="mt-1 text-slate-600">
            {formatEventDate(selected.startAt, selected.timeZone)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The event to show first: the one in the URL, else the next published event that has
 * not ended, else the newest one.
 */
export function defaultEvent(
  events: ManageEventListItem[],
  wanted: string | null,
): ManageEventListItem | undefined {
  return (
    events.find((e) => e.id === wanted) ??
    events.find((e) => e.status === 'published' && !e.ended) ??
    events.find((e) => e.status === 'published') ??
    events[0]
  );
}
