import { leaveWaitlistResponse, type LeaveWaitlistResult } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /waitlist/leave: the person gives up their place from the link in their waiting-list
 * mails (decision 047). The page explains refusals itself.
 */
export async function leaveWaitlist(token: string): Promise<LeaveWaitlistResult> {
  const response = await api.post('/waitlist/leave', { token }, { skipErrorToast: true });
  return leaveWaitlistResponse.parse(response.data).data;
}
