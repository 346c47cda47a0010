import { END_BEFORE_START } from '@gatepass/shared';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './events.repository.ts';
import type { EventRow } from './events.table.ts';

export const eventNotFound = () => notFound('This event does not exist.');
export const cancelledEvent = () =>
  new AppError(409, 'EVENT_CANCELLED', 'This event is cancelled and can no longer be changed.');

/** The event if this user owns it; anyone else gets the same 404 as for no event at all. */
export async function ownedEvent(
  db: Db,
  ownerId: string,
  id: string,
  lock = false,
): Promise<EventRow> {
  if (!isUuid(id)) throw eventNotFound();
  const event = await repo.findOwnedEvent(db, id, ownerId, lock);
  if (!event) throw eventNotFound();
  return event;
}

/** The owned event, unless it is cancelled: a cancelled event can no longer be changed. */
export async function changeableEvent(
  db: Db,
  ownerId: string,
  id: string,
  lock = false,
): Promise<EventRow> {
  const event = await ownedEvent(db, ownerId, id, lock);
  if (event.status === 'cancelled') throw cancelledEvent();
  return event;
}

/** One thing wrong with an event or a form, named by the field the web shows it under. */
export interface Issue {
  field: string;
  message: string;
}

type Sellable = Pick<
  EventRow,
  'title' | 'start_at' | 'end_at' | 'venue_name' | 'address' | 'city' | 'online_url'
>;

/** The end must follow the start (checked whenever both are known). */
export function dateIssues(start: Date | null, end: Date | null): Issue[] {
  if (start && end && end.getTime() <= start.getTime()) {
    return [{ field: 'endAt', message: END_BEFORE_START }];
  }
  return [];
}

/**
 * A place is a venue (name, address and city) or an online link; a hybrid event may have
 * both. A half-filled venue names exactly what is missing.
 */
export function placeIssues(event: Sellable): Issue[] {
  if (event.online_url) return [];
  const venue = [
    { field: 'venueName', value: event.venue_name, message: 'Add the venue name.' },
    { field: 'address', value: event.address, message: 'Add the venue address.' },
    { field: 'city', value: event.city, message: 'Add the city.' },
  ];
  if (venue.every((v) => !v.value)) {
    return [{ field: 'venue', message: 'Add a venue (name, address and city) or an online link.' }];
  }
  return venue.filter((v) => !v.value).map(({ field, message }) => ({ field, message }));
}

/**
 * Everything a sellable event needs, all at once so the organiser fixes it in one pass:
 * a title, a start (in the future when publishing), an end after it, a place, and at
 * least one ticket type.
 */
export function readinessIssues(
  event: Sellable,
  ticketTypeCount: number,
  now: Date,
  options: { futureStart: boolean },
): Issue[] {
  const issues: Issue[] = [];
  if (!event.title.trim()) issues.push({ field: 'title', message: 'Add a title.' });
  if (!event.start_at) {
    issues.push({ field: 'startAt', message: 'Set when the event starts.' });
  } else if (options.futureStart && event.start_at.getTime() <= now.getTime()) {
    issues.push({ field: 'startAt', message: 'The start time must be in the future.' });
  }
  if (!event.end_at) issues.push({ field: 'endAt', message: 'Set when the event ends.' });
  else issues.push(...dateIssues(event.start_at, event.end_at));
  issues.push(...placeIssues(event));
  if (ticketTypeCount < 1)
    issues.push({ field: 'ticketTypes', message: 'Add at least one ticket type.' });
  return issues;
}

/** A 400 listing every issue in `details.issues`, led by the first as the sentence. */
export function throwIfIssues(issues: Issue[]): void {
  const first = issues[0];
  if (first) throw new AppError(400, 'VALIDATION_FAILED', first.message, { issues });
}

export function notReady(issues: Issue[]): AppError {
  return new AppError(
    400,
    'EVENT_NOT_READY',
    `This event cannot be published yet. ${issues.map((i) => i.message).join(' ')}`,
    { issues },
  );
}
