import type { ManageEventListItem } from '@gatepass/shared';
import { useManageEvents } from '../../../lib/queries/manage-events.ts';

export interface DoorEventRef {
  id: string;
  title: string;
  startsAt: string | null;
  status: string;
}

const toDoors = (events: ManageEventListItem[]): DoorEventRef[] =>
  events.map((e) => ({ id: e.id, title: e.title, startsAt: e.startAt, status: e.status }));

/**
 * The organiser's events (the shared list, decision 066), for the list of doors when the
 * workspace gives every event (an owner, a manager, or a steward given all events). Quiet:
 * the page says it if refused.
 */
export function useDoorEvents(enabled: boolean) {
  return useManageEvents({ select: toDoors, enabled, quiet: true, retry: false });
}
