import { envelope, invitationPreviewDto, type InvitationPreviewDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

const answer = envelope(invitationPreviewDto);

/**
 * POST /team/invitations/preview { token } (public): whose team, which role, which events.
 * 404 for a link that is not valid, used or expired: the page says so, no toast.
 */
export async function previewInvitation(token: string): Promise<InvitationPreviewDto> {
  const response = await api.post('/team/invitations/preview', { token }, { skipErrorToast: true });
  return answer.parse(response.data).data;
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.preview(token),
    queryFn: () => previewInvitation(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
