import {
  checkinListDto,
  envelope,
  messageEnvelope,
  teamDto,
  teamMemberDto,
  type CheckinListBody,
  type CheckinListDto,
  type TeamDto,
  type TeamMemberDto,
} from '@gatepass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { eventKeys } from './keys.ts';

/** Doors by gate (decision 084): an event's check-in lists, and giving a steward one. */

const listsAnswer = envelope(z.array(checkinListDto));
const created = envelope(checkinListDto);
const team = envelope(teamDto);
const member = envelope(teamMemberDto);

const path = (eventId: string) => `/events/manage/${encodeURIComponent(eventId)}/checkin-lists`;

export async function getCheckinLists(eventId: string): Promise<CheckinListDto[]> {
  const response = await api.get(path(eventId));
  return listsAnswer.parse(response.data).data;
}

export function useCheckinLists(eventId: string) {
  return useQuery({
    queryKey: eventKeys.checkinLists(eventId),
    queryFn: () => getCheckinLists(eventId),
    refetchInterval: 60_000,
  });
}

export function useCreateCheckinList(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CheckinListBody) =>
      created.parse((await api.post(path(eventId), body)).data).data,
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.checkinLists(eventId) }),
  });
}

export function useDeleteCheckinList(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (listId: string) =>
      messageEnvelope.parse(
        (await api.delete(`${path(eventId)}/${encodeURIComponent(listId)}`)).data,
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: eventKeys.checkinLists(eventId) }),
        // Its stewards check the whole event again.
        client.invalidateQueries({ queryKey: queryKeys.team.all }),
      ]),
  });
}

/** GET /events/manage/team (owner): the door stewards a list may be given to. */
export function useTeamForLists(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.team.all, 'members'],
    queryFn: async (): Promise<TeamDto> =>
      team.parse((await api.get('/events/manage/team')).data).data,
    enabled,
  });
}

/** PUT /events/manage/team/members/{userId}/checkin-list (owner). */
export function useSetStewardList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      userId,
      listId,
    }: {
      userId: string;
      listId: string | null;
    }): Promise<{ member: TeamMemberDto; message: string }> => {
      const response = await api.put(
        `/events/manage/team/members/${encodeURIComponent(userId)}/checkin-list`,
        { listId },
      );
      const parsed = member.extend({ message: z.string() }).parse(response.data);
      return { member: parsed.data, message: parsed.message };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.team.all }),
  });
}
