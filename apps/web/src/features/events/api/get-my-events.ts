import { envelope, manageEventListItem, type ManageEventListItem } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(z.array(manageEventListItem));

/** GET /events/manage: the organiser's events, newest first, with sold/capacity/gross. */
export async function getMyEvents(): Promise<ManageEventListItem[]> {
  const response = await api.get('/events/manage');
  return answer.parse(response.data).data;
}

export const myEventsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.mine(), queryFn: getMyEvents });

export function useMyEvents() {
  return useQuery(myEventsQueryOptions());
}
