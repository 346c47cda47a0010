import {
  envelope,
  queueStatusDto,
  type JoinQueueBody,
  type QueueStatusDto,
} from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';

const answer = envelope(queueStatusDto);

/**
 * POST /waiting-room/{slug}/join: joins the pre-queue with the solved check, or as the
 * signed-in account when the room asks for one (decision 055).
 */
export async function joinQueue(slug: string, body: JoinQueueBody): Promise<QueueStatusDto> {
  const response = await api.post(`/waiting-room/${encodeURIComponent(slug)}/join`, body, {
    skipErrorToast: true,
  });
  return answer.parse(response.data).data;
}
