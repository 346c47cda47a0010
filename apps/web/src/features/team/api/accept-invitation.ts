import { acceptInvitationDto, envelope, type WorkspaceDto } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const answer = envelope(acceptInvitationDto);

/**
 * POST /team/invitations/accept { token } (signed in): joins the team. 409 when already
 * its owner or a member, 404 for a used, expired or unknown link: the page says which.
 */
export async function acceptInvitation(token: string): Promise<WorkspaceDto> {
  const response = await api.post('/team/invitations/accept', { token }, { skipErrorToast: true });
  return answer.parse(response.data).data.workspace;
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
