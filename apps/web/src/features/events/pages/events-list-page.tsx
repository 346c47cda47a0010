import { EmptyState } from '../../../components/ui/panel.tsx';
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  formatCount,
  publicEventsQueryFor,
  searchFromFilters,
  withFilters,
  type EventFilters,
  type PublicEventListItem,
} from '@gatepass/shared';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CalendarIcon } from '../../../components/ui/public-icons.tsx';
import { Later } from '../../../components/ui/later.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { usePublicEvents } from '../api/get-public-events.ts';
import { EventCard, EventCardSkeleton } from '../components/event-card.tsx';
import { EventsFilters } from '../components/events-filters.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

/** Cards rendered with the page; the rest follow in a later task (decision 021). */
const FIRST_CARDS = 3;

function card(event: PublicEventListItem) {
  return (
    <li key={event.slug} className="flex">
      <div className="flex w-full [&>article]:w-full">
        <EventCard event={event} headingLevel={2} />
      </div>
    </li>
  );
}

/** `/events/`: search and filters kept in the URL, the result count, cards and pages. */
export function EventsListPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const query = usePublicEvents(publicEventsQueryFor(filters));
  const data = query.data;
  const anyFilter = searchFromFilters({ ...filters, page: 1 }).toString() !== '';

  const apply = (change: Partial<EventFilters>) => {
    setParams(searchFromFilters(withFilters(filters, change)));
  };
  const hrefFor = (page: number) => {
    const search = searchFromFilters({ ...filters, page }).toString();
    return search ? `${paths.events}?${search}` : paths.events;
  };

  return (
    <>
      <title>{filters.q ? `“${filters.q}” · Events | Gatepass` : 'Events | Gatepass'}</title>
      <PageHeader
        eyebrow="Discover"
        title="Events"
        subtitle="Concerts, conferences, parties and more across Nigeria."
      />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-6">
          <EventsFilters filters={filters} onChange={apply} />
        </div>

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-sm text-slate-600">
            {data ? (
              <>
                <span className="font-semibold text-slate-900">{formatCount(data.total)}</span>{' '}
                {data.total === 1 ? 'event' : 'events'}
                {filters.q ? (
                  <>
                    {' '}
                    for “<span className="font-semibold text-slate-900">{filters.q}</span>”
                  </>
                ) : null}
              </>
            ) : query.isError ? null : (
              'Looking for events…'
            )}
          </p>
          {anyFilter ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setParams(searchFromFilters(EMPTY_FILTERS))}
            >
              Clear search and filters
            </Button>
          ) : null}
        </div>

        {query.isError && !data ? (
          <LoadFailed className="mt-6" onRetry={query.refetch}>
            Events could not be loaded.
          </LoadFailed>
        ) : !data ? (
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <EventCardSkeleton key={i} />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <EmptyState
            boxed
            className="mt-4 py-16"
            heading="h2"
            icon={<CalendarIcon className="size-6" />}
            title="No events found"
            action={
              <>
                {anyFilter ? (
                  <Button
                    variant="secondary"
                    onClick={() => setParams(searchFromFilters(EMPTY_FILTERS))}
                  >
                    Show all events
                  </Button>
                ) : null}
                <Link
                  to={paths.manage.create('event')}
                  className="inline-flex items-center rounded-lg px-4 py-2.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
                >
                  Create an event
                </Link>
              </>
            }
          >
            {anyFilter
              ? 'Nothing matches this search. Try other words, another date or fewer filters.'
              : 'No upcoming events yet. Check back soon, or create your own.'}
          </EmptyState>
        ) : (
          <>
            <ul
              className={`mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={query.isFetching}
            >
              {data.items.slice(0, FIRST_CARDS).map(card)}
              {/* The cards below a phone's first screen follow in a task of their own. */}
              <Later>{data.items.slice(FIRST_CARDS).map(card)}</Later>
            </ul>
            <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
          </>
        )}
      </div>
    </>
  );
}
