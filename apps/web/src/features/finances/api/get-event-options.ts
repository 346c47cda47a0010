import type { ManageEventListItem } from '@gatepass/shared';
import { useManageEvents } from '../../../lib/queries/manage-events.ts';

/** Drafts sell nothing, so the filter leaves them out. */
const sellingEvents = (events: ManageEventListItem[]): Array<{ id: string; title: string }> =>
  events.filter((e) => e.status !== 'draft').map((e) => ({ id: e.id, title: e.title }));

/** The organiser's events for the event filter (the shared list, decision 066). */
export function useFinanceEventOptions() {
  return useManageEvents({ select: sellingEvents });
}
