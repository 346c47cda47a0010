import { joinWaitlistResponse, type JoinWaitlistBody } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /waitlist: a place in a sold-out ticket type's line (decision 032). The same email
 * joining again gets the same answer. The dialog explains refusals itself.
 */
export async function joinWaitlist(body: JoinWaitlistBody): Promise<string> {
  const response = await api.post('/waitlist', body, { skipErrorToast: true });
  return joinWaitlistResponse.parse(response.data).message;
}
