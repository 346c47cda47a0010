import { EmptyState } from '../../../components/ui/panel.tsx';
import { PageSpinner } from '../../../components/ui/page-shell.tsx';
import { TableHead } from '../../../components/ui/table.tsx';
import { formatCount, formatNaira, type ManageEventListItem } from '@gatepass/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CalendarIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useManageEvents } from '../../../lib/queries/manage-events.ts';
import { EventStatusBadge } from '../components/badges.tsx';
import { EventActionsMenu } from '../components/event-actions-menu.tsx';
import { ManageEventSummary } from '../components/manage-event-summary.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

type Tab = 'all' | 'upcoming' | 'drafts' | 'past' | 'cancelled';

const TABS: Array<{ id: Tab; label: string; test: (e: ManageEventListItem) => boolean }> = [
  { id: 'all', label: 'All', test: () => true },
  { id: 'upcoming', label: 'Upcoming', test: (e) => e.status === 'published' && !e.ended },
  { id: 'drafts', label: 'Drafts', test: (e) => e.status === 'draft' },
  { id: 'past', label: 'Past', test: (e) => e.status === 'published' && e.ended },
  { id: 'cancelled', label: 'Cancelled', test: (e) => e.status === 'cancelled' },
];

export function CreateEventLink({ className, light }: { className?: string; light?: boolean }) {
  return (
    <Link
      to={paths.manage.create('event')}
      className={cn(buttonClasses(light ? 'light' : 'primary'), className)}
    >
      <PlusIcon className="size-5" />
      Create Event
    </Link>
  );
}

/** `/events/manage/all`: the organiser's events, with their figures and actions. */
export function MyEventsPage() {
  const query = useManageEvents();
  const [tab, setTab] = useState<Tab>('all');
  const events = query.data ?? [];
  const shown = events.filter(TABS.find((t) => t.id === tab)?.test ?? (() => true));

  return (
    <>
      <title>My events | Gatepass</title>
      <PageHeader
        eyebrow="Organiser"
        title="My events"
        subtitle="Every event you organise, drafts included."
        actions={events.length ? <CreateEventLink /> : undefined}
      />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        {query.isPending ? (
          <PageSpinner label="Loading your events…" />
        ) : query.isError ? (
          <LoadFailed onRetry={query.refetch}>Your events could not be loaded.</LoadFailed>
        ) : events.length === 0 ? (
          <NoEventsYet />
        ) : (
          <>
            <div role="group" aria-label="Show" className="flex gap-2 overflow-x-auto pb-1">
              {TABS.map((t) => {
                const count = events.filter(t.test).length;
                return (
                  <button
                    key={t.id}
                    type="button"
                    aria-pressed={tab === t.id}
                    onClick={() => setTab(t.id)}
                    className={cn(
                      'shrink-0 rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                      tab === t.id
                        ? 'bg-indigo-600 text-white ring-indigo-600'
                        : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                    )}
                  >
                    {t.label}{' '}
                    <span className={tab === t.id ? 'text-indigo-100' : 'text-slate-500'}>
                      {count}
                    </span>
                  </button>
                );
              })}
            </div>
            {shown.length === 0 ? (
              <p className="mt-8 rounded-2xl bg-white px-6 py-10 text-center text-slate-600 ring-1 ring-slate-900/5">
                No events here.{' '}
                <Button variant="ghost" size="sm" onClick={() => setTab('all')}>
                  Show all
                </Button>
              </p>
            ) : (
              <EventsTable events={shown} />
            )}
          </>
        )}
      </div>
    </>
  );
}

function NoEventsYet() {
  return (
    <EmptyState
      boxed
      heading="h2"
      icon={<CalendarIcon className="size-6" />}
      title="No events yet"
      action={<CreateEventLink />}
    >
      Create your first event: add the details, set up free or paid tickets and publish it when you
      are ready.
    </EmptyState>
  );
}

function EventsTable({ events }: { events: ManageEventListItem[] }) {
  return (
    <>
      {/* Phones: one card per event. */}
      <ul className="mt-6 grid gap-4 md:hidden">
        {events.map((event) => (
          <li key={event.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5">
            <ManageEventSummary
              event={event}
              className="flex gap-3"
              coverClassName="size-16 shrink-0 rounded-lg"
              titleClassName="leading-snug"
              dateClassName="mt-1 text-sm text-slate-600"
              withPlace={false}
              beside={<EventActionsMenu event={event} />}
            />
            <dl className="mt-4 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-slate-500">Status</dt>
                <dd className="mt-0.5">
                  <EventStatusBadge status={event.status} ended={event.ended} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Sold</dt>
                <dd className="mt-0.5 font-semibold text-slate-900">
                  {formatCount(event.sold)}/{formatCount(event.capacity)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Gross</dt>
                <dd className="mt-0.5 font-semibold text-slate-900">{formatNaira(event.gross)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>

      {/* Wider screens: a table. */}
      <div className="mt-6 hidden overflow-visible rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your events</caption>
          <TableHead
            columns={[
              { label: 'Event', className: 'px-5 py-3' },
              { label: 'Status', className: 'px-3 py-3' },
              { label: 'Sold', className: 'px-3 py-3 text-right' },
              { label: 'Gross', className: 'px-3 py-3 text-right' },
              {
                label: <span className="sr-only">Actions</span>,
                className: 'px-5 py-3 text-right',
              },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {events.map((event) => (
              <tr key={event.id} className="align-middle hover:bg-slate-50/70">
                <td className="px-5 py-4">
                  <ManageEventSummary
                    event={event}
                    className="flex items-center gap-4"
                    coverClassName="h-12 w-20 shrink-0 rounded-lg"
                    dateClassName="mt-0.5 text-slate-600"
                    placeClassName="text-slate-500"
                  />
                </td>
                <td className="px-3 py-4">
                  <EventStatusBadge status={event.status} ended={event.ended} />
                </td>
                <td className="px-3 py-4 text-right tabular-nums">
                  <span className="font-semibold text-slate-900">{formatCount(event.sold)}</span>
                  <span className="text-slate-500">/{formatCount(event.capacity)}</span>
                </td>
                <td className="px-3 py-4 text-right font-semibold tabular-nums text-slate-900">
                  {formatNaira(event.gross)}
                </td>
                <td className="px-5 py-4 text-right">
                  <EventActionsMenu event={event} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
