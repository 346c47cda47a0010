import { LinkField } from '../../../components/ui/link-field.tsx';
import { ManagePanel } from '../components/manage-panel.tsx';
import { EventNotFound, PageLoading } from '../../../components/ui/page-shell.tsx';
import { formatCount, formatEventDate, formatNaira, type ManageEventDto } from '@gatepass/shared';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ExternalLinkIcon, PencilIcon, QrIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useDuplicateEvent } from '../api/duplicate-event.ts';
import { useMyEvent } from '../api/get-my-event.ts';
import { AvailabilityBadge, Badge, EventStatusBadge } from '../components/badges.tsx';
import { CancelEventDialog } from '../components/cancel-event-dialog.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { editPath } from '../components/event-actions-menu.tsx';
import { EventCover } from '../components/event-cover.tsx';
import { CheckinListsPanel } from '../components/checkin-lists-panel.tsx';
import { CheckinsPanel } from '../components/checkins-panel.tsx';
import { HoldsPanel } from '../components/holds-panel.tsx';
import { WaitlistPanel } from '../components/waitlist-panel.tsx';
import { WaitingRoomPanel } from '../components/waiting-room-panel.tsx';
import { TrackingPanel } from '../components/tracking-panel.tsx';
import { MessagesPanel } from '../components/messages-panel.tsx';
import { SoldBar } from '../components/sold-bar.tsx';
import { absoluteUrl } from '../lib/links.ts';
import { readinessIssues, stepForField } from '../lib/wizard.ts';
import { eventPlaceLabel } from '../components/manage-event-summary.tsx';

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl">
        {value}
      </dd>
      {note ? <dd className="mt-1 text-sm text-slate-500">{note}</dd> : null}
    </div>
  );
}

/** `/events/manage/events/{id}/`: one event at a glance, with what the organiser does next. */
export function ManageEventPage({ id }: { id: string }) {
  const query = useMyEvent(id);
  if (query.isPending) {
    return <PageLoading eyebrow="Manage event" title="Loading…" label="Loading event…" />;
  }
  if (query.isError || !query.data) return <EventNotFound eyebrow="Manage event" />;
  return <ManageEvent event={query.data} />;
}

function ManageEvent({ event }: { event: ManageEventDto }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateEvent();
  const [cancelling, setCancelling] = useState(false);
  const shareUrl = absoluteUrl(paths.event(event.slug));
  const isDraft = event.status === 'draft';
  const missing = isDraft ? readinessIssues(event) : [];
  // Tickets in checkouts not paid yet are not for sale either, until their hold ends.
  const remaining = Math.max(0, event.capacity - event.sold - event.held);
  const percent = event.capacity ? Math.round((event.sold / event.capacity) * 100) : 0;

  return (
    <>
      <title>{`${event.title} · Manage | Gatepass`}</title>
      <PageHeader
        eyebrow="Manage event"
        title={event.title}
        subtitle={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <EventStatusBadge status={event.status} ended={event.ended} />
            {event.visibility === 'unlisted' ? <Badge tone="gray">Unlisted</Badge> : null}
            <span>
              {event.startAt ? formatEventDate(event.startAt, event.timeZone) : 'Date not set'}
            </span>
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-3">
            {event.status !== 'cancelled' ? (
              <Link to={editPath(event.id)} className={buttonClasses('light')}>
                <PencilIcon className="size-4" />
                Edit
              </Link>
            ) : null}
            {!isDraft ? (
              <Link to={paths.manage.verifyTicket(event.id)} className={buttonClasses('primary')}>
                <QrIcon className="size-5" />
                Verify tickets
              </Link>
            ) : null}
          </div>
        }
      />

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
        {event.status === 'cancelled' ? (
          <Alert tone="error">
            Cancelled
            {event.cancelledAt ? ` on ${formatEventDate(event.cancelledAt, event.timeZone)}` : ''}.
            {event.cancelReason ? ` Reason: ${event.cancelReason}` : ''}
          </Alert>
        ) : null}
        {isDraft ? (
          <div className="flex flex-col gap-4 rounded-2xl bg-amber-50 p-5 ring-1 ring-inset ring-amber-300 sm:flex-row sm:items-center sm:justify-between">
            <div className="text-sm text-amber-900">
              <p className="font-semibold">This event is a draft: nobody can see it yet.</p>
              {missing.length ? (
                <p className="mt-1">
                  Still needed:{' '}
                  {missing.map((m) => m.message.replace(/\.$/, '').toLowerCase()).join('; ')}.
                </p>
              ) : (
                <p className="mt-1">Everything is in place. Review and publish it.</p>
              )}
            </div>
            <Link
              to={`${paths.manage.create(event.id)}/${missing[0] ? stepForField(missing[0].field).slug : 'review'}`}
              className={buttonClasses('primary')}
            >
              {missing.length ? 'Continue setting up' : 'Review and publish'}
            </Link>
          </div>
        ) : null}

        <section aria-labelledby="figures-title">
          <h2 id="figures-title" className="sr-only">
            Key figures
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <Figure
              label="Tickets sold"
              value={formatCount(event.sold)}
              note={`of ${formatCount(event.capacity)} (${percent}%)${event.held ? ` · ${formatCount(event.held)} held in checkouts` : ''}`}
            />
            <Figure
              label="Gross sales"
              value={formatNaira(event.gross)}
              note="What buyers paid, incl. fees they paid"
            />
            <Figure label="Remaining" value={formatCount(remaining)} note="Tickets left to sell" />
            <Figure
              label="Ticket types"
              value={event.ticketTypes.length}
              note={`${event.ticketTypes.filter((t) => t.availability === 'on_sale').length} on sale now`}
            />
          </dl>
        </section>

        <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
          <div className="grid min-w-0 content-start gap-8">
            <ManagePanel
              id="types-title"
              title="Tickets"
              aside={
                event.status !== 'cancelled' ? (
                  <Link
                    to={`${paths.manage.create(event.id)}/tickets`}
                    className={buttonClasses('ghost', 'sm')}
                  >
                    Edit tickets
                  </Link>
                ) : null
              }
            >
              {event.ticketTypes.length === 0 ? (
                <p className="mt-4 text-sm text-slate-600">No ticket types yet.</p>
              ) : (
                <ul className="mt-4 divide-y divide-slate-100">
                  {event.ticketTypes.map((type) => (
                    <li key={type.id} className="py-4 first:pt-0 last:pb-0">
                      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                        <p className="font-semibold text-slate-900">
                          {type.name}{' '}
                          <span className="font-normal text-slate-600">
                            · {type.price === 0 ? 'Free' : formatNaira(type.price)}
                          </span>
                        </p>
                        <span className="flex gap-2">
                          {type.hidden ? <Badge tone="gray">Hidden</Badge> : null}
                          <AvailabilityBadge availability={type.availability} />
                        </span>
                      </div>
                      <SoldBar
                        sold={type.sold}
                        held={type.held}
                        capacity={type.capacity}
                        label={`${type.name} sold`}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </ManagePanel>
            {/* A draft has no orders, so nothing can be held. */}
            {!isDraft ? <HoldsPanel eventId={event.id} timeZone={event.timeZone} /> : null}
            {!isDraft ? <WaitlistPanel eventId={event.id} timeZone={event.timeZone} /> : null}
            {!isDraft ? (
              <CheckinListsPanel eventId={event.id} ticketTypes={event.ticketTypes} />
            ) : null}
            {!isDraft ? <CheckinsPanel eventId={event.id} timeZone={event.timeZone} /> : null}
            {!isDraft ? <WaitingRoomPanel eventId={event.id} timeZone={event.timeZone} /> : null}
            {!isDraft ? <TrackingPanel eventId={event.id} /> : null}
            {!isDraft ? <MessagesPanel eventId={event.id} timeZone={event.timeZone} /> : null}
          </div>

          <aside className="grid content-start gap-6">
            <section
              aria-labelledby="share-title"
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5"
            >
              <EventCover event={event} className="aspect-[16/9] w-full" />
              <div className="p-5">
                <h2 id="share-title" className="text-lg font-semibold text-slate-900">
                  Share your event
                </h2>
                <p className="mt-1 text-sm text-slate-600">
                  {eventPlaceLabel({ ...event, online: !!event.onlineUrl })}
                </p>
                {isDraft ? (
                  <p className="mt-3 text-sm text-slate-600">
                    The link works once the event is published.
                  </p>
                ) : null}
                <LinkField
                  id="share-link"
                  label="Event link"
                  value={shareUrl}
                  className="mt-4"
                  inputClassName="rounded-lg border-0 bg-slate-50 px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300"
                  action={<CopyButton text={shareUrl} label="Copy" />}
                />
                {!isDraft ? (
                  <a
                    href={paths.event(event.slug)}
                    target="_blank"
                    rel="noreferrer"
                    className={`${buttonClasses('secondary')} mt-4 w-full`}
                  >
                    Open public page
                    <ExternalLinkIcon className="size-4" />
                  </a>
                ) : null}
              </div>
            </section>

            <ManagePanel id="more-title" title="More" compact>
              <div className="mt-4 grid gap-3">
                <Button
                  variant="secondary"
                  disabled={duplicate.isPending}
                  onClick={() =>
                    duplicate.mutate(event.id, {
                      onSuccess: (copy) => {
                        toast.success('A copy is ready to edit.');
                        navigate(editPath(copy.id));
                      },
                    })
                  }
                >
                  {duplicate.isPending ? 'Duplicating…' : 'Duplicate event'}
                </Button>
                {event.status === 'published' ? (
                  <button
                    type="button"
                    className="inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-red-700 shadow-sm ring-1 ring-inset ring-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
                    onClick={() => setCancelling(true)}
                  >
                    Cancel event…
                  </button>
                ) : null}
              </div>
            </ManagePanel>
          </aside>
        </div>
      </div>
      <CancelEventDialog event={event} open={cancelling} onClose={() => setCancelling(false)} />
    </>
  );
}
