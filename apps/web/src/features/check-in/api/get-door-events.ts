import type { Envelope, ManageEventListItem } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface DoorEventRef {
  id: string;
  title: string;
  startsAt: string | null;
  status: string;
}

/**
 * GET /events/manage, for the list of doors when the workspace gives every event (an
 * owner, a manager, or a steward given all events). Quiet: the page says it if refused.
 */
export async function getDoorEvents(): Promise<DoorEventRef[]> {
  const response = await api.get<Envelope<ManageEventListItem[]>>('/events/manage', {
    skipErrorToast: true,
  });
  return response.data.data.map((e) => ({
    id: e.id,
    title: e.title,
    startsAt: e.startAt,
    status: e.status,
  }));
}

export function useDoorEvents(enabled: boolean) {
  return useQuery({
    queryKey: ['check-in', 'events'],
    queryFn: getDoorEvents,
    enabled,
    retry: false,
  });
}
