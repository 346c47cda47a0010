import { envelope, manageEventListItem } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { financesKeys } from './get-finances.ts';

const answer = envelope(z.array(manageEventListItem));

/** GET /events/manage, for the event filter (drafts sell nothing, so they are left out). */
export async function getFinanceEventOptions(): Promise<Array<{ id: string; title: string }>> {
  const response = await api.get('/events/manage');
  return answer
    .parse(response.data)
    .data.filter((e) => e.status !== 'draft')
    .map((e) => ({ id: e.id, title: e.title }));
}

export const financeEventOptionsQueryOptions = () =>
  queryOptions({
    queryKey: financesKeys.events(),
    queryFn: getFinanceEventOptions,
    staleTime: 60_000,
  });

export function useFinanceEventOptions() {
  return useQuery(financeEventOptionsQueryOptions());
}
