import { EventSearchInput } from './event-search-input.tsx';
import {
  activeFilterCount,
  DATE_FILTER_LABELS,
  EVENT_CATEGORIES,
  EVENT_DATE_FILTERS,
  type EventFilters,
} from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses } from '../../../components/ui/control-classes.ts';
import { FilterIcon } from '../../../components/ui/icons.tsx';
import { Later } from '../../../components/ui/later.tsx';
import { cn } from '../../../lib/cn.ts';

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

  const select = cn(controlClasses(), 'pr-9');
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
          <div>
            <label htmlFor="events-category" className="block text-sm font-medium text-slate-800">
              Category
            </label>
            <select
              id="events-category"
              value={filters.category}
              onChange={(e) => onChange({ category: e.target.value as EventFilters['category'] })}
              className={cn(select, 'mt-1.5')}
            >
              <option value="">All categories</option>
              {EVENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="events-date" className="block text-sm font-medium text-slate-800">
              Date
            </label>
            <select
              id="events-date"
              value={filters.date}
              onChange={(e) => onChange({ date: e.target.value as EventFilters['date'] })}
              className={cn(select, 'mt-1.5')}
            >
              <option value="">Any date</option>
              {[...EVENT_DATE_FILTERS, 'range' as const].map((d) => (
                <option key={d} value={d}>
                  {DATE_FILTER_LABELS[d]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="events-price" className="block text-sm font-medium text-slate-800">
              Price
            </label>
            <select
              id="events-price"
              value={filters.price}
              onChange={(e) => onChange({ price: e.target.value as EventFilters['price'] })}
              className={cn(select, 'mt-1.5')}
            >
              <option value="">Free and paid</option>
              <option value="free">Free</option>
              <option value="paid">Paid</option>
            </select>
          </div>
          <div>
            <label htmlFor="events-city" className="block text-sm font-medium text-slate-800">
              City
            </label>
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
          </div>
          {filters.date === 'range' ? (
            <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 md:col-span-4 md:max-w-xl">
              <div>
                <label htmlFor="events-from" className="block text-sm font-medium text-slate-800">
                  From
                </label>
                <input
                  id="events-from"
                  type="date"
                  value={filters.from}
                  max={filters.to || undefined}
                  onChange={(e) => onChange({ date: 'range', from: e.target.value })}
                  className={cn(controlClasses(), 'mt-1.5')}
                />
              </div>
              <div>
                <label htmlFor="events-to" className="block text-sm font-medium text-slate-800">
                  To
                </label>
                <input
                  id="events-to"
                  type="date"
                  value={filters.to}
                  min={filters.from || undefined}
                  onChange={(e) => onChange({ date: 'range', to: e.target.value })}
                  className={cn(controlClasses(), 'mt-1.5')}
                />
              </div>
            </div>
          ) : null}
        </Later>
      </div>
    </form>
  );
}
