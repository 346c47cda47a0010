import { checkinStatsDto, envelope, type CheckinStatsDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(checkinStatsDto);

/** GET /events/manage/checkins?eventId= (owner, manager): admissions per steward and hour. */
export async function getCheckinStats(eventId: string): Promise<CheckinStatsDto> {
  const response = await api.get('/events/manage/checkins', {
    params: { eventId },
    skipErrorToast: true,
  });
  return answer.parse(response.data).data;
}

export function useCheckinStats(eventId: string) {
  return useQuery({
    queryKey: eventKeys.checkins(eventId),
    queryFn: () => getCheckinStats(eventId),
    refetchInterval: 60_000,
  });
}
