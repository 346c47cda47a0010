import { formatWallClock, type PublicEventListItem } from '@gatepass/shared';
import { Link } from 'react-router';
import { CalendarIcon, MapPinIcon, VideoIcon } from '../../../components/ui/public-icons.tsx';
import { paths } from '../../../config/paths.ts';
import { priceLabel } from '../lib/price-label.ts';
import { EventCover } from './event-cover.tsx';

export function placeLabel(event: {
  online: boolean;
  venueName: string | null;
  city: string | null;
}): string {
  const venue = [event.venueName, event.city].filter(Boolean).join(', ');
  if (event.online && !venue) return 'Online';
  return venue || 'Venue to be announced';
}

/** A public event in a list: cover, title, date, place and lowest price. */
export function EventCard({
  event,
  headingLevel = 3,
}: {
  event: PublicEventListItem;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const place = placeLabel(event);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5 transition-shadow hover:shadow-lg">
      <div className="relative">
        <EventCover
          event={event}
          className="aspect-[16/9] w-full transition-transform duration-300 group-hover:scale-[1.02]"
          compact
        />
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-slate-800 shadow-sm">
          {event.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-start gap-1.5 text-sm font-semibold text-indigo-700">
          <CalendarIcon className="mt-0.5 size-4 shrink-0" />
          <span>{formatWallClock(event.startLocal)}</span>
        </p>
        <Heading className="mt-2 text-lg font-bold leading-snug text-slate-900">
          <Link
            to={paths.event(event.slug)}
            className="rounded outline-none after:absolute after:inset-0 focus-visible:underline"
          >
            {event.title}
          </Link>
        </Heading>
        <p className="mt-1.5 flex items-start gap-1.5 text-sm text-slate-600">
          {event.online && !event.venueName ? (
            <VideoIcon className="mt-0.5 size-4 shrink-0" />
          ) : (
            <MapPinIcon className="mt-0.5 size-4 shrink-0" />
          )}
          <span>{place}</span>
        </p>
        <p className="mt-auto pt-4 text-base font-bold text-slate-900">{priceLabel(event)}</p>
      </div>
    </article>
  );
}

export function EventCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-900/5"
    >
      <div className="aspect-[16/9] animate-pulse bg-slate-200" />
      <div className="space-y-3 p-5">
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-full animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
