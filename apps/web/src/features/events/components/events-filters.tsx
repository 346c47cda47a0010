import { EventSearchInput } from './event-search-input.tsx';
import {
  activeFilterCount,
  DATE_FILTER_LABELS,
  EVENT_CATEGORIES,
  EVENT_DATE_FILTERS,
  type EventFilters,
} from '@gatepass/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses } from '../../../components/ui/control-classes.ts';
import { FilterIcon } from '../../../components/ui/public-icons.tsx';
import { Later } from '../../../components/ui/later.tsx';
import { cn } from '../../../lib/cn.ts';

/** The filters chosen from a list: which filter, its label and its options (value, text). */
const FILTER_SELECTS: Array<{
  key: 'category' | 'date' | 'price';
  label: string;
  options: Array<[value: string, text: string]>;
}> = [
  {
    key: 'category',
    label: 'Category',
    options: [['', 'All categories'], ...EVENT_CATEGORIES.map((c): [string, string] => [c, c])],
  },
  {
    key: 'date',
    label: 'Date',
    options: [
      ['', 'Any date'],
      ...[...EVENT_DATE_FILTERS, 'range' as const].map((d): [string, string] => [
        d,
        DATE_FILTER_LABELS[d],
      ]),
    ],
  },
  {
    key: 'price',
    label: 'Price',
    options: [
      ['', 'Free and paid'],
      ['free', 'Free'],
      ['paid', 'Paid'],
    ],
  },
];

/** The search box (submitted), and filters that apply as soon as they change. */
export function EventsFilters({
  filters,
  onChange,
}: {
  filters: EventFilters;
  onChange: (change: Partial<EventFilters>) => void;
}) {
  const [q, setQ] = useState(filters.q);
  const [city, setCity] = useState(filters.city);
  const [open, setOpen] = useState(false);
  // The URL is the truth: a back/forward navigation brings its own values into the boxes.
  const [seen, setSeen] = useState({ q: filters.q, city: filters.city });
  if (seen.q !== filters.q || seen.city !== filters.city) {
    setSeen({ q: filters.q, city: filters.city });
    setQ(filters.q);
    setCity(filters.city);
  }
  const count = activeFilterCount(filters);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onChange({ q, city });
  };

  return (
    <form role="search" onSubmit={submit} className="grid gap-4">
      <div className="flex gap-2">
        <EventSearchInput
          id="events-q"
          name="q"
          value={q}
          onChange={setQ}
          placeholder="Search by event, artist or city"
          className={cn(controlClasses(), 'py-3 pl-10')}
          iconClassName="left-3"
        />
        <Button type="submit" size="lg" className="shrink-0">
          Search
        </Button>
      </div>

      <div className="md:hidden">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls="events-filter-panel"
          onClick={() => setOpen((v) => !v)}
        >
          <FilterIcon className="size-4" />
          Filters{count ? ` (${count})` : ''}
        </Button>
      </div>

      <div
        id="events-filter-panel"
        className={cn(
          'grid gap-4 sm:grid-cols-2 md:grid-cols-4 md:!grid',
          open ? 'grid' : 'hidden',
        )}
      >
        {/* Hidden behind "Filters" on a phone: built in a task after the page's first render. */}
        <Later>
          {FILTER_SELECTS.map((select) => (
            <FilterSelect
              key={select.key}
              id={`events-${select.key}`}
              label={select.label}
              value={filters[select.key]}
              onSelect={(value) => onChange({ [select.key]: value })}
              options={select.options}
            />
          ))}
          <Labelled id="events-city" label="City">
            <input
              id="events-city"
              name="city"
              value={city}
              maxLength={80}
              placeholder="Lagos, Abuja…"
              onChange={(e) => setCity(e.target.value)}
              onBlur={() => {
                if (city.trim() !== filters.city) onChange({ city });
              }}
              className={cn(controlClasses(), 'mt-1.5')}
            />
          </Labelled>
          {filters.date === 'range' ? (
            <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 md:col-span-4 md:max-w-xl">
              <Labelled id="events-from" label="From">
                <input
                  id="events-from"
                  type="date"
                  value={filters.from}
                  max={filters.to || undefined}
                  onChange={(e) => onChange({ date: 'range', from: e.target.value })}
                  className={cn(controlClasses(), 'mt-1.5')}
                />
              </Labelled>
              <Labelled id="events-to" label="To">
                <input
                  id="events-to"
                  type="date"
                  value={filters.to}
                  min={filters.from || undefined}
                  onChange={(e) => onChange({ date: 'range', to: e.target.value })}
                  className={cn(controlClasses(), 'mt-1.5')}
                />
              </Labelled>
            </div>
          ) : null}
        </Later>
      </div>
    </form>
  );
}

/** A labelled control of the filter panel. */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter chosen from a list, applied as soon as it changes. */
function FilterSelect({
  id,
  label,
  value,
  onSelect,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onSelect: (value: string) => void;
  options: Array<[value: string, text: string]>;
}) {
  return (
    <Labelled id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(e) => onSelect(e.target.value)}
        className={cn(controlClasses(), 'mt-1.5 pr-9')}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
