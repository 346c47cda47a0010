import { messageEnvelope, type ChangePasswordBody } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SETTINGS_PATH } from './keys.ts';

/**
 * POST /events/manage/settings/password: needs the current password; every other session
 * ends, this one stays.
 */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const response = await api.post(`${SETTINGS_PATH}/password`, body);
  return messageEnvelope.parse(response.data).message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
