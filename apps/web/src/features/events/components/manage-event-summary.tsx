import { formatEventDate } from '@gatepass/shared';
import type { EventCategory } from '@gatepass/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { EventCover } from './event-cover.tsx';

export const eventDateLabel = (event: { startAt: string | null; timeZone: string }) =>
  event.startAt ? formatEventDate(event.startAt, event.timeZone) : 'Date not set';

export const eventPlaceLabel = (event: {
  online: boolean;
  venueName: string | null;
  city: string | null;
}) =>
  [event.venueName, event.city].filter(Boolean).join(', ') ||
  (event.online ? 'Online' : 'Place not set');

interface SummaryEvent {
  id: string;
  title: string;
  coverUrl: string | null;
  category: EventCategory;
  startAt: string | null;
  timeZone: string;
  online: boolean;
  venueName: string | null;
  city: string | null;
}

/**
 * One of the organiser's events in a list: thumbnail, title linking to its manage page, date
 * and (unless `withPlace` is off) place. `beside` sits next to the title (a phone card's menu).
 */
export function ManageEventSummary({
  event,
  className,
  coverClassName,
  titleClassName,
  dateClassName,
  placeClassName,
  withPlace = true,
  beside,
}: {
  event: SummaryEvent;
  className: string;
  coverClassName: string;
  titleClassName?: string;
  dateClassName: string;
  placeClassName?: string;
  withPlace?: boolean;
  beside?: ReactNode;
}) {
  const title = (
    <Link
      to={paths.manage.event(event.id)}
      className={cn('font-semibold text-slate-900 hover:text-indigo-700', titleClassName)}
    >
      {event.title}
    </Link>
  );
  return (
    <div className={className}>
      <EventCover event={event} className={coverClassName} compact />
      <div className="min-w-0 flex-1">
        {beside ? (
          <div className="flex items-start justify-between gap-2">
            {title}
            {beside}
          </div>
        ) : (
          title
        )}
        <p className={dateClassName}>{eventDateLabel(event)}</p>
        {withPlace ? <p className={placeClassName}>{eventPlaceLabel(event)}</p> : null}
      </div>
    </div>
  );
}
