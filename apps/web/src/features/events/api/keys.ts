import type { PublicEventsQuery } from '@gatepass/shared';

/** Query keys of the events feature, so mutations invalidate exactly what they change. */
export const eventKeys = {
  all: ['events'] as const,
  publicLists: () => ['events', 'public', 'list'] as const,
  publicList: (query: PublicEventsQuery) => ['events', 'public', 'list', query] as const,
  publicDetail: (slug: string) => ['events', 'public', 'detail', slug] as const,
  mine: () => ['events', 'manage', 'list'] as const,
  mineDetail: (id: string) => ['events', 'manage', 'detail', id] as const,
  holds: (id: string) => ['events', 'manage', 'holds', id] as const,
  waitlist: (id: string) => ['events', 'manage', 'waitlist', id] as const,
  /** Tracking links and figures per source (issue 26 §4). */
  tracking: (id: string) => ['events', 'manage', 'tracking', id] as const,
  /** Teams: admissions at the door per steward and per hour. */
  checkins: (id: string) => ['events', 'manage', 'checkins', id] as const,
  waitingRoom: (id: string) => ['events', 'manage', 'waiting-room', id] as const,
};
