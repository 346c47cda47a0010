import { envelope, organiserTrackingDto, type OrganiserTrackingDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

const answer = envelope(organiserTrackingDto);

/** GET /events/manage/finances/sources: where sales come from, across the organiser's events. */
export async function getSources(signal?: AbortSignal): Promise<OrganiserTrackingDto> {
  const response = await api.get('/events/manage/finances/sources', { signal });
  return answer.parse(response.data).data;
}

export function useSources() {
  return useQuery({
    queryKey: [...queryKeys.finances.all, 'sources'],
    queryFn: ({ signal }) => getSources(signal),
  });
}
