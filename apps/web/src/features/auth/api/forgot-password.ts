import { messageEnvelope, type EmailOnlyBody } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/user/forgot-password (spec §7): its message is shown on the page. */
export async function forgotPassword(
  body: EmailOnlyBody,
): Promise<z.infer<typeof messageEnvelope>> {
  const response = await api.post('/auth/user/forgot-password', body);
  return messageEnvelope.parse(response.data);
}

export function useForgotPassword() {
  return useMutation({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });
}
