import { envelope, manageEventDto, type ManageEventDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(manageEventDto);

/** GET /events/manage/{id}: one of the organiser's events with all its ticket types. */
export async function getMyEvent(id: string): Promise<ManageEventDto> {
  const response = await api.get(`/events/manage/${encodeURIComponent(id)}`);
  return answer.parse(response.data).data;
}

export const myEventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.mineDetail(id),
    queryFn: () => getMyEvent(id),
    retry: false,
  });

export function useMyEvent(id: string) {
  return useQuery(myEventQueryOptions(id));
}
