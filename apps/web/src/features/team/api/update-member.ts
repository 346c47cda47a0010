import { envelope, teamMemberDto, type UpdateMemberBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { TEAM_PATH, teamKeys } from './keys.ts';

const answer = envelope(teamMemberDto);

/** PATCH /events/manage/team/members/{userId} (owner): role and/or events, from their next call. */
export async function updateMember({ userId, ...body }: UpdateMemberBody & { userId: string }) {
  const response = await api.patch(`${TEAM_PATH}/members/${encodeURIComponent(userId)}`, body);
  return answer.parse(response.data).data;
}

export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
