import { messageEnvelope } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { TEAM_PATH, teamKeys } from './keys.ts';

/** DELETE /events/manage/team/members/{userId} (owner): refused from their next request. */
export async function removeMember(userId: string): Promise<string> {
  const response = await api.delete(`${TEAM_PATH}/members/${encodeURIComponent(userId)}`);
  return messageEnvelope.parse(response.data).message;
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
