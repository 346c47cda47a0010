import { envelope, manageEventListItem, type ManageEventListItem } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys } from './keys.ts';

const answer = envelope(z.array(manageEventListItem));

/** GET /events/manage: the organiser's events, to choose which one to market. */
export async function getMarketingEvents(): Promise<ManageEventListItem[]> {
  const response = await api.get('/events/manage');
  return answer.parse(response.data).data;
}

export const marketingEventsQueryOptions = () =>
  queryOptions({
    queryKey: marketingKeys.events(),
    queryFn: getMarketingEvents,
    staleTime: 60_000,
  });

export function useMarketingEvents() {
  return useQuery(marketingEventsQueryOptions());
}
