import { DarkStage } from '../../../components/ui/dark-stage.tsx';
import { ManagePanel } from '../components/manage-panel.tsx';
import { PageSpinner } from '../../../components/ui/page-shell.tsx';
import { formatCount, formatNaira, type ManageEventListItem } from '@gatepass/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CalendarIcon, QrIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RefusalNotice } from '../../../components/ui/refusal-notice.tsx';
import { paths } from '../../../config/paths.ts';
import { useManageEvents } from '../../../lib/queries/manage-events.ts';
import { EventStatusBadge } from '../components/badges.tsx';
import { editPath } from '../components/event-actions-menu.tsx';
import { CreateEventLink } from './my-events-page.tsx';
import { ManageEventSummary } from '../components/manage-event-summary.tsx';

export function organiserTotals(events: ManageEventListItem[]) {
  const live = events.filter((e) => e.status === 'published' && !e.ended);
  return {
    live: live.length,
    drafts: events.filter((e) => e.status === 'draft').length,
    sold: events.reduce((sum, e) => sum + (e.status === 'cancelled' ? 0 : e.sold), 0),
    gross: events.reduce((sum, e) => sum + e.gross, 0),
    upcoming: [...live].sort((a, b) => (a.startAt ?? '').localeCompare(b.startAt ?? '')),
  };
}

/**
 * "Welcome back" only to someone who has been here before: an organiser with no event yet
 * (a brand-new account) is welcomed, not welcomed back.
 */
export function greeting(firstName: string | undefined, isNew: boolean): string {
  if (!firstName) return 'Organiser home';
  return isNew ? `Welcome, ${firstName}` : `Welcome back, ${firstName}`;
}

/** `/events/manage/home`: what is coming up, the totals, and a clear way to start an event. */
export function OrganiserHomePage({ firstName }: { firstName?: string | undefined }) {
  const query = useManageEvents();
  const events = query.data ?? [];
  const totals = organiserTotals(events);
  const drafts = events.filter((e) => e.status === 'draft').slice(0, 3);

  return (
    <>
      <title>Organiser home | Gatepass</title>
      <PageHeader
        eyebrow="Organiser"
        title={greeting(firstName, !(query.isSuccess && events.length > 0))}
        subtitle="Your events, sales and what needs doing next."
        actions={<CreateEventLink />}
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
        <RefusalNotice />
        {query.isPending ? (
          <PageSpinner label="Loading your events…" />
        ) : query.isError ? (
          <Alert tone="error">Your events could not be loaded. Please reload the page.</Alert>
        ) : (
          <>
            <section aria-labelledby="totals-title">
              <h2 id="totals-title" className="sr-only">
                Totals
              </h2>
              <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
                {[
                  { label: 'Live events', value: formatCount(totals.live) },
                  { label: 'Tickets sold', value: formatCount(totals.sold) },
                  { label: 'Gross sales', value: formatNaira(totals.gross) },
                  { label: 'Drafts', value: formatCount(totals.drafts) },
                ].map((f) => (
                  <div
                    key={f.label}
                    className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5"
                  >
                    <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
                    <dd className="mt-2 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
                      {f.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>

            {events.length === 0 ? (
              <DarkStage
                className="rounded-3xl px-6 py-12 text-white sm:px-12"
                glow="bg-[radial-gradient(circle_at_80%_20%,var(--color-indigo-700),transparent_55%)]"
              >
                <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
                  Create your first event
                </h2>
                <p className="mt-3 max-w-xl text-slate-300">
                  Add the details, set free or paid tickets in naira, and publish. Guests get a QR
                  ticket, and you scan them in at the door.
                </p>
                <CreateEventLink className="mt-8" />
              </DarkStage>
            ) : (
              <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
                <ManagePanel
                  id="upcoming-title"
                  title="Upcoming events"
                  aside={
                    <Link to={paths.manage.all} className={buttonClasses('ghost', 'sm')}>
                      All events
                    </Link>
                  }
                >
                  {totals.upcoming.length === 0 ? (
                    <p className="mt-4 text-sm text-slate-600">
                      Nothing published is coming up. Publish a draft or create a new event.
                    </p>
                  ) : (
                    <ul className="mt-4 divide-y divide-slate-100">
                      {totals.upcoming.slice(0, 5).map((event) => (
                        <li
                          key={event.id}
                          className="flex items-center gap-4 py-4 first:pt-0 last:pb-0"
                        >
                          <ManageEventSummary
                            event={event}
                            className="flex min-w-0 flex-1 items-center gap-4"
                            coverClassName="hidden h-14 w-24 shrink-0 rounded-lg sm:flex"
                            dateClassName="mt-0.5 text-sm text-slate-600"
                            placeClassName="text-sm text-slate-500"
                          />
                          <div className="shrink-0 text-right text-sm">
                            <p className="font-semibold text-slate-900">
                              {formatCount(event.sold)}/{formatCount(event.capacity)}
                            </p>
                            <p className="text-slate-500">sold</p>
                          </div>
                          <Link
                            to={paths.manage.verifyTicket(event.id)}
                            className="hidden rounded-lg p-2 text-slate-600 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 hover:text-indigo-700 sm:block"
                            aria-label={`Verify tickets for ${event.title}`}
                            title="Verify tickets"
                          >
                            <QrIcon className="size-5" />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </ManagePanel>

                <aside className="grid content-start gap-6">
                  {drafts.length ? (
                    <ManagePanel id="drafts-title" title="Drafts to finish" compact>
                      <ul className="mt-3 grid gap-3">
                        {drafts.map((draft) => (
                          <li key={draft.id} className="flex items-center justify-between gap-3">
                            <span className="min-w-0">
                              <span className="block truncate text-sm font-medium text-slate-900">
                                {draft.title}
                              </span>
                              <EventStatusBadge status={draft.status} ended={draft.ended} />
                            </span>
                            <Link
                              to={editPath(draft.id)}
                              className={buttonClasses('secondary', 'sm')}
                            >
                              Continue
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </ManagePanel>
                  ) : null}
                  <section className="rounded-2xl bg-indigo-600 p-5 text-white shadow-sm">
                    <TicketIcon className="size-7 text-indigo-200" />
                    <h2 className="mt-3 text-lg font-semibold">Planning something new?</h2>
                    <p className="mt-1 text-sm text-indigo-100">
                      It takes a few minutes to set up an event and start selling.
                    </p>
                    <CreateEventLink light className="mt-4" />
                  </section>
                  <p className="flex items-center gap-2 text-sm text-slate-600">
                    <CalendarIcon className="size-4" />
                    {events.length} {events.length === 1 ? 'event' : 'events'} in total
                  </p>
                </aside>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}
