import { messageEnvelope, type ResendVerificationBody } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/user/resend-verification: mails a fresh code to an unverified account. */
export async function resendVerification(
  body: ResendVerificationBody,
): Promise<z.infer<typeof messageEnvelope>> {
  const response = await api.post('/auth/user/resend-verification', body);
  return messageEnvelope.parse(response.data);
}

export function useResendVerification() {
  return useMutation({
    mutationKey: ['auth', 'resend-verification'],
    mutationFn: resendVerification,
  });
}
