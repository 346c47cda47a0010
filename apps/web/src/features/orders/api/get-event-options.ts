import { envelope, manageEventListItem } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './keys.ts';

const answer = envelope(z.array(manageEventListItem));

export interface EventOption {
  id: string;
  title: string;
  status: string;
}

/** GET /events/manage, reduced to what the event filter needs. */
export async function getEventOptions(): Promise<EventOption[]> {
  const response = await api.get('/events/manage');
  return answer
    .parse(response.data)
    .data.map((e) => ({ id: e.id, title: e.title, status: e.status }));
}

export const eventOptionsQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.eventOptions(), queryFn: getEventOptions, staleTime: 60_000 });

export function useEventOptions() {
  return useQuery(eventOptionsQueryOptions());
}
