import { messageEnvelope, type ResetPasswordBody } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/user/reset-password with the token of the mailed link and a new password. */
export async function resetPassword(
  body: ResetPasswordBody,
): Promise<z.infer<typeof messageEnvelope>> {
  const response = await api.post('/auth/user/reset-password', body);
  return messageEnvelope.parse(response.data);
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });
}
