import { messageEnvelope } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { TEAM_PATH, teamKeys } from './keys.ts';

/** DELETE /events/manage/team/invitations/{id} (owner): the link stops working. */
export async function withdrawInvitation(invitationId: string): Promise<string> {
  const response = await api.delete(`${TEAM_PATH}/invitations/${encodeURIComponent(invitationId)}`);
  return messageEnvelope.parse(response.data).message;
}

export function useWithdrawInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
