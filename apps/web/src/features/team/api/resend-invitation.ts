import { envelope, teamInvitationDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { TEAM_PATH, teamKeys } from './keys.ts';

const answer = envelope(teamInvitationDto);

/** POST /events/manage/team/invitations/{id}/resend (owner): a new link, the old one void. */
export async function resendInvitation(invitationId: string) {
  const response = await api.post(
    `${TEAM_PATH}/invitations/${encodeURIComponent(invitationId)}/resend`,
  );
  return answer.parse(response.data).data;
}

export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
