import type { PublicEventsQuery } from '@gatepass/shared';
import { queryKeys } from '../../../lib/queries/keys.ts';

/**
 * Query keys of the events feature, under the app's one factory (decision 066): the
 * organiser's list and an event's detail are the shared ones, so every feature that lists
 * events sees a change to one.
 */
export const eventKeys = {
  all: queryKeys.events.all,
  publicLists: () => [...queryKeys.publicEvents.all, 'list'] as const,
  publicList: (query: PublicEventsQuery) => [...queryKeys.publicEvents.all, 'list', query] as const,
  publicDetail: (slug: string) => [...queryKeys.publicEvents.all, 'detail', slug] as const,
  mine: queryKeys.manageEvents.list,
  mineDetail: queryKeys.manageEvents.detail,
  holds: (id: string) => [...queryKeys.manageEvents.all, 'holds', id] as const,
  waitlist: (id: string) => [...queryKeys.manageEvents.all, 'waitlist', id] as const,
  /** Tracking links and figures per source (issue 26 §4). */
  tracking: (id: string) => [...queryKeys.manageEvents.all, 'tracking', id] as const,
  /** Messages to attendees, their outcomes and the reminders (issue 25 §3). */
  messages: (id: string) => [...queryKeys.manageEvents.all, 'messages', id] as const,
  /** Teams: admissions at the door per steward and per hour. */
  checkins: (id: string) => [...queryKeys.manageEvents.all, 'checkins', id] as const,
  /** The questions its checkout asks (issue 25 §1). */
  questions: (id: string) => [...queryKeys.manageEvents.all, 'questions', id] as const,
  /** Doors by gate: the event's check-in lists (decision 084). */
  checkinLists: (id: string) => [...queryKeys.manageEvents.all, 'checkin-lists', id] as const,
  waitingRoom: (id: string) => [...queryKeys.manageEvents.all, 'waiting-room', id] as const,
};
