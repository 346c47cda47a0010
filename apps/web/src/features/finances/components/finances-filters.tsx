import { Input, Select } from '../../../components/ui/form-controls.tsx';
import { cn } from '../../../lib/cn.ts';
import { activePreset, RANGE_PRESETS, type FinancesFilter } from '../lib/range.ts';

/** Date range (quick picks or two days) and event of the finances page. */
export function FinancesFilters({
  filter,
  events,
  onChange,
}: {
  filter: FinancesFilter;
  events: Array<{ id: string; title: string }> | undefined;
  onChange: (next: FinancesFilter) => void;
}) {
  const preset = activePreset(filter);
  return (
    <div className="flex flex-col gap-4 rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-slate-900/5 sm:px-6 lg:flex-row lg:items-end lg:justify-between">
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">Date range</legend>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          {RANGE_PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={preset === p.id}
              onClick={() => onChange({ ...p.range(), eventId: filter.eventId })}
              className={cn(
                'rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-inset transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                preset === p.id
                  ? 'bg-indigo-600 text-white ring-indigo-600'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {p.label}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(2,minmax(0,10rem))_minmax(0,16rem)]">
        <Input
          label="From"
          type="date"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(e) => onChange({ ...filter, from: e.target.value || undefined })}
        />
        <Input
          label="To"
          type="date"
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(e) => onChange({ ...filter, to: e.target.value || undefined })}
        />
        <Select
          label="Event"
          wrapperClassName="col-span-2 sm:col-span-1"
          value={filter.eventId ?? ''}
          onChange={(e) => onChange({ ...filter, eventId: e.target.value || undefined })}
        >
          <option value="">All events</option>
          {events?.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
