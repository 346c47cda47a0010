import { envelope, manageEventListItem, type ManageEventListItem } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

const answer = envelope(z.array(manageEventListItem));

/** GET /events/manage: the organiser's events, to give a member some of them. */
export async function getTeamEvents(): Promise<ManageEventListItem[]> {
  const response = await api.get('/events/manage');
  return answer.parse(response.data).data;
}

export function useTeamEvents(enabled = true) {
  return useQuery({
    queryKey: teamKeys.events(),
    queryFn: getTeamEvents,
    staleTime: 60_000,
    enabled,
  });
}
