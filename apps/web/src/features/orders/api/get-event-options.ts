import type { ManageEventListItem } from '@gatepass/shared';
import { useManageEvents } from '../../../lib/queries/manage-events.ts';

export interface EventOption {
  id: string;
  title: string;
  status: string;
}

const toOptions = (events: ManageEventListItem[]): EventOption[] =>
  events.map((e) => ({ id: e.id, title: e.title, status: e.status }));

/** The organiser's events (the shared list, decision 066), reduced to what the filter needs. */
export function useEventOptions() {
  return useManageEvents({ select: toOptions });
}
