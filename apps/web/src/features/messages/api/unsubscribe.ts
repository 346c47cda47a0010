import { envelope, unsubscribeDto, type UnsubscribeDto } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';

const answer = envelope(unsubscribeDto);

/**
 * POST /messages/unsubscribe?token=…: the link in announcement and reminder mails stops the
 * organiser's messages to that address (decision 082). The page explains refusals itself.
 */
export async function unsubscribe(token: string): Promise<UnsubscribeDto> {
  const response = await api.post(
    `/messages/unsubscribe?token=${encodeURIComponent(token)}`,
    undefined,
    { skipErrorToast: true },
  );
  return answer.parse(response.data).data;
}
