import { envelope, queueStatusDto, type QueueStatusDto } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';

const answer = envelope(queueStatusDto);

/**
 * GET /waiting-room/{slug}/status: whether this browser may buy now. With the event's
 * waiting room on, a visitor without a turn joins the line (decision 034).
 */
export async function getQueueStatus(slug: string, again = false): Promise<QueueStatusDto> {
  const response = await api.get(`/waiting-room/${encodeURIComponent(slug)}/status`, {
    skipErrorToast: true,
    // A turn that ended or was used: a new place at the back (the widget's queue screen).
    ...(again ? { params: { again: '1' } } : {}),
  });
  return answer.parse(response.data).data;
}

/** Where a visitor of the checkout goes instead, when it is not their turn; undefined to stay. */
export async function queueInstead(slug: string): Promise<string | undefined> {
  try {
    const status = await getQueueStatus(slug);
    return status.state === 'open' || status.state === 'admitted'
      ? undefined
      : `/events/${encodeURIComponent(slug)}/queue`;
  } catch {
    // Unknown: the order itself will say (403 with the queue's link) if a turn is needed.
    return undefined;
  }
}
