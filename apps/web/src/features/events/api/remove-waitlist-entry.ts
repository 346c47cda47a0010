import { envelope, eventWaitlistDto, type EventWaitlistDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const answer = envelope(eventWaitlistDto);

/**
 * POST /events/manage/{eventId}/waitlist/{entryId}/remove: off the list; an open offer is
 * withdrawn and its tickets pass to the next person (decision 032).
 */
export async function removeWaitlistEntry(
  eventId: string,
  entryId: string,
): Promise<EventWaitlistDto> {
  const response = await api.post(
    `/events/manage/${encodeURIComponent(eventId)}/waitlist/${encodeURIComponent(entryId)}/remove`,
  );
  return answer.parse(response.data).data;
}

export function useRemoveWaitlistEntry(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => removeWaitlistEntry(eventId, entryId),
    onSuccess: (list) => client.setQueryData(eventKeys.waitlist(eventId), list),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: eventKeys.waitlist(eventId) });
      void client.invalidateQueries({ queryKey: eventKeys.holds(eventId) });
      void client.invalidateQueries({ queryKey: eventKeys.mineDetail(eventId) });
    },
  });
}
