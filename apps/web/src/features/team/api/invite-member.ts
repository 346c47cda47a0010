import { envelope, teamInvitationDto, type InviteMemberBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { TEAM_PATH, teamKeys } from './keys.ts';

const answer = envelope(teamInvitationDto);

/** POST /events/manage/team/invitations (owner): mails a join link; again replaces it. */
export async function inviteMember(body: InviteMemberBody) {
  const response = await api.post(`${TEAM_PATH}/invitations`, body);
  return answer.parse(response.data).data;
}

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
