import { DarkStage } from '../../../components/ui/dark-stage.tsx';
import { ManagePanel } from '../components/manage-panel.tsx';
import { formatWallClock, offsetLabel, type PublicEventDto } from '@gatepass/shared';
import { useEffect, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  CalendarIcon,
  ExternalLinkIcon,
  MapPinIcon,
  UsersIcon,
  VideoIcon,
} from '../../../components/ui/public-icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Later } from '../../../components/ui/later.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { rememberSource, sendView } from '../../../lib/source.ts';
import { usePublicEvent } from '../api/get-public-event.ts';
import { Badge } from '../components/badges.tsx';
import { EventCover } from '../components/event-cover.tsx';
import { markdownClasses } from '../components/markdown-classes.ts';
import { ShareButtons } from '../components/share-buttons.tsx';
import { TicketSelector } from '../components/ticket-selector.tsx';
import { absoluteUrl, mapSearchUrl } from '../lib/links.ts';

// The fair queue's notice loads only for an event sold through one (issue 23 §4, decision
// 090): most event pages have no waiting room, and its text and links were in every one.
const WaitingRoomNotice = lazy(async () => ({
  default: (await import('../components/waiting-room-notice.tsx')).WaitingRoomNotice,
}));

/** `/events/{slug}`: everything a guest needs to decide, and the way to get tickets. */
export function EventDetailPage({ slug }: { slug: string }) {
  const query = usePublicEvent(slug);
  if (query.isPending) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center bg-slate-950 pt-16 text-indigo-300">
        <Spinner label="Loading event…" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    const notFound = readApiFailure(query.error).status === 404;
    return (
      <>
        <title>Event not found | Gatepass</title>
        <PageHeader eyebrow="Event" title={notFound ? 'Event not found' : 'Something went wrong'} />
        <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
          <p className="text-slate-600">
            {notFound
              ? 'This event does not exist, is not published yet, or its link has changed.'
              : 'The event could not be loaded. Please try again.'}
          </p>
          <Link to={paths.events} className={`${buttonClasses('primary')} mt-6`}>
            Browse events
          </Link>
        </div>
      </>
    );
  }
  return <EventDetail event={query.data} />;
}

function EventDetail({ event }: { event: PublicEventDto }) {
  // Where the visit came from (?ref=, ?via=widget): kept for the tab and counted once,
  // after the page is on screen (issue 26 §4).
  useEffect(() => {
    if (event.status !== 'published') return;
    sendView(event.slug, event.id, rememberSource(event.id, window.location.search));
  }, [event.id, event.slug, event.status]);
  const shareUrl = absoluteUrl(paths.event(event.slug));
  const cancelled = event.status === 'cancelled';
  const mapUrl = mapSearchUrl([event.venueName, event.address, event.city]);
  const hasVenue = !!(event.venueName || event.address || event.city);
  const when = formatWallClock(event.startLocal);
  const until = formatWallClock(event.endLocal);
  const place = hasVenue
    ? [event.venueName, event.city].filter(Boolean).join(', ')
    : 'Online event';

  return (
    <>
      <title>{`${cancelled ? 'Cancelled: ' : ''}${event.title} | Gatepass`}</title>
      <DarkStage
        className="pt-16 text-white"
        glow="bg-[radial-gradient(circle_at_85%_10%,var(--color-indigo-800),transparent_55%)]"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[1.1fr_1fr] lg:px-8">
          <div className="order-2 lg:order-1">
            <div className="flex flex-wrap gap-2">
              <Link
                to={`${paths.events}?category=${encodeURIComponent(event.category)}`}
                className="rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-indigo-100 ring-1 ring-inset ring-white/20 hover:bg-white/20"
              >
                {event.category}
              </Link>
              {cancelled ? <Badge tone="red">Cancelled</Badge> : null}
              {!cancelled && event.ended ? <Badge tone="gray">Ended</Badge> : null}
              {event.online ? <Badge tone="indigo">Online event</Badge> : null}
            </div>
            <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
              {event.title}
            </h1>
            {event.summary ? (
              <p className="mt-4 max-w-2xl text-lg text-slate-300">{event.summary}</p>
            ) : null}
            <dl className="mt-6 grid gap-3 text-sm sm:text-base">
              <div className="flex items-start gap-3">
                <dt className="sr-only">Date</dt>
                <CalendarIcon className="mt-0.5 size-5 shrink-0 text-indigo-300" />
                <dd>
                  <span className="font-semibold">{when}</span>
                  <span className="block text-sm text-slate-300">
                    Ends {until} · {event.timeZone.replace(/_/g, ' ')} (
                    {offsetLabel(event.startLocal, event.startAt)})
                  </span>
                </dd>
              </div>
              <div className="flex items-start gap-3">
                <dt className="sr-only">Place</dt>
                {hasVenue ? (
                  <MapPinIcon className="mt-0.5 size-5 shrink-0 text-indigo-300" />
                ) : (
                  <VideoIcon className="mt-0.5 size-5 shrink-0 text-indigo-300" />
                )}
                <dd className="font-semibold">{place}</dd>
              </div>
            </dl>
          </div>
          <div className="order-1 overflow-hidden rounded-2xl shadow-2xl shadow-black/40 ring-1 ring-white/10 lg:order-2">
            <EventCover event={event} eager className="aspect-[16/9] w-full" />
          </div>
        </div>
      </DarkStage>

      {cancelled ? (
        <div role="alert" className="border-b border-red-200 bg-red-50">
          <div className="mx-auto max-w-7xl px-4 py-4 text-red-900 sm:px-6 lg:px-8">
            <p className="font-semibold">This event has been cancelled.</p>
            {event.cancelReason ? <p className="mt-1 text-sm">{event.cancelReason}</p> : null}
            <p className="mt-1 text-sm">Tickets are no longer on sale.</p>
          </div>
        </div>
      ) : event.ended ? (
        <div className="border-b border-slate-200 bg-slate-100">
          <p className="mx-auto max-w-7xl px-4 py-4 font-semibold text-slate-800 sm:px-6 lg:px-8">
            This event has ended.
          </p>
        </div>
      ) : null}

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_24rem] lg:px-8 lg:py-12">
        {/* Below the tickets on a phone: in a task after the first render (decision 021). */}
        <Later>
          <div className="order-2 grid content-start gap-8 lg:order-1">
            <section aria-labelledby="about-title">
              <h2 id="about-title" className="text-xl font-bold text-slate-900">
                About this event
              </h2>
              {event.descriptionHtml ? (
                <div
                  className={cn(markdownClasses, 'mt-3')}
                  // Rendered from Markdown and sanitised by the server (events.description.ts).
                  dangerouslySetInnerHTML={{ __html: event.descriptionHtml }}
                />
              ) : (
                <p className="mt-3 text-slate-600">
                  {event.summary ?? 'The organiser has not added a description.'}
                </p>
              )}
            </section>

            <ManagePanel id="where-title" title="Where">
              {hasVenue ? (
                <div className="mt-3 flex items-start gap-3">
                  <MapPinIcon className="mt-0.5 size-5 shrink-0 text-indigo-600" />
                  <div>
                    {event.venueName ? (
                      <p className="font-semibold text-slate-900">{event.venueName}</p>
                    ) : null}
                    <p className="text-slate-600">
                      {[event.address, event.city].filter(Boolean).join(', ')}
                    </p>
                    {mapUrl ? (
                      <a
                        href={mapUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline"
                      >
                        Open in Google Maps
                        <ExternalLinkIcon className="size-4" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : null}
                  </div>
                </div>
              ) : null}
              {event.online ? (
                <div className="mt-3 flex items-start gap-3">
                  <VideoIcon className="mt-0.5 size-5 shrink-0 text-indigo-600" />
                  <div>
                    <Badge tone="indigo">Online</Badge>
                    <p className="mt-1 text-sm text-slate-600">
                      The link to join is sent to ticket holders.
                    </p>
                  </div>
                </div>
              ) : null}
            </ManagePanel>

            <section aria-labelledby="organiser-title" className="flex items-center gap-4">
              {event.organiser.logoUrl ? (
                <img
                  src={event.organiser.logoUrl}
                  alt={`${event.organiser.name} logo`}
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded-xl bg-white object-contain ring-1 ring-slate-200"
                />
              ) : (
                <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
                  <UsersIcon className="size-6" />
                </span>
              )}
              <div>
                <h2 id="organiser-title" className="text-sm font-medium text-slate-600">
                  Organised by
                </h2>
                <p className="font-semibold text-slate-900">{event.organiser.name}</p>
              </div>
            </section>

            <section aria-labelledby="share-title">
              <h2 id="share-title" className="text-lg font-semibold text-slate-900">
                Share with friends
              </h2>
              <div className="mt-3">
                <ShareButtons
                  title={event.title}
                  url={shareUrl}
                  slug={event.slug}
                  calendar={!cancelled && !event.ended}
                />
              </div>
            </section>
          </div>
        </Later>

        <div className="order-1 lg:order-2">
          <div className="lg:sticky lg:top-24">
            {cancelled ? (
              <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-900/5">
                <p className="font-semibold text-slate-900">No tickets: this event is cancelled.</p>
                <Link to={paths.events} className={`${buttonClasses('secondary')} mt-4`}>
                  Find other events
                </Link>
              </div>
            ) : (
              <>
                {event.waitingRoom && !event.ended ? (
                  <Suspense fallback={null}>
                    <WaitingRoomNotice room={event.waitingRoom} />
                  </Suspense>
                ) : null}
                <TicketSelector event={event} />
              </>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
