import { EventOptions } from '../../../components/ui/event-options.tsx';
import { ORDER_STATUSES, type OrderStatus } from '@gatepass/shared';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses } from '../../../components/ui/control-classes.ts';
import { Input, Select } from '../../../components/ui/form-controls.tsx';
import { SlidersIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import type { EventOption } from '../api/get-event-options.ts';
import { isFiltered, type OrdersFilter } from '../lib/filters.ts';
import { ORDER_STATUS_LABELS } from '../lib/status.ts';

const SEARCH_DELAY_MS = 300;

/**
 * Search and filters of the orders list. The search is sent a moment after typing stops;
 * every change goes back to page 1. On a phone the filters fold under a button.
 */
export function OrdersFilters({
  filter,
  events,
  onChange,
}: {
  filter: OrdersFilter;
  events: EventOption[] | undefined;
  onChange: (next: OrdersFilter) => void;
}) {
  const [search, setSearch] = useState(filter.q ?? '');
  const [open, setOpen] = useState(false);
  const searchId = useId();
  const panelId = useId();

  // The URL changed under us (back button, "Clear filters"): show its search. Adjusted
  // while rendering (react.dev "You might not need an effect"), not in an effect.
  const [shownQ, setShownQ] = useState(filter.q);
  if (filter.q !== shownQ) {
    setShownQ(filter.q);
    if ((filter.q ?? '') !== search.trim()) setSearch(filter.q ?? '');
  }

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (filter.q ?? '')) return;
    const timer = setTimeout(
      () => onChange({ ...filter, q: trimmed || undefined, page: 1 }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search, filter, onChange]);

  const set = (patch: Partial<OrdersFilter>) => onChange({ ...filter, ...patch, page: 1 });
  const activeCount = [filter.eventId, filter.status, filter.from, filter.to].filter(
    Boolean,
  ).length;

  return (
    <div className="space-y-3">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search orders
          </label>
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.75}
            strokeLinecap="round"
          >
            <circle cx="11" cy="11" r="6.5" />
            <path d="m16 16 4.5 4.5" />
          </svg>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                set({ q: search.trim() || undefined });
              }
            }}
            placeholder="Name, email or order code"
            autoComplete="off"
            maxLength={120}
            className={cn(controlClasses(), 'pl-10')}
          />
        </div>
        <Button
          variant="secondary"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          <SlidersIcon className="size-5" />
          Filters
          {activeCount > 0 ? (
            <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white">
              {activeCount}
            </span>
          ) : null}
        </Button>
      </div>
      <div
        id={panelId}
        className={cn(
          'grid gap-3 sm:grid-cols-2 md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start',
          open ? 'grid' : 'hidden',
        )}
      >
        <Select
          label="Event"
          value={filter.eventId ?? ''}
          onChange={(e) => set({ eventId: e.target.value || undefined })}
        >
          <option value="">All events</option>
          <EventOptions events={events} />
        </Select>
        <Select
          label="Status"
          value={filter.status ?? ''}
          onChange={(e) =>
            set({ status: (e.target.value || undefined) as OrderStatus | undefined })
          }
        >
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
        <Input
          label="From"
          type="date"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
        <Input
          label="To"
          type="date"
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
        <Button
          variant="ghost"
          className="md:self-end"
          disabled={!isFiltered(filter)}
          onClick={() => {
            setSearch('');
            onChange({ page: 1 });
          }}
        >
          Clear filters
        </Button>
      </div>
    </div>
  );
}
