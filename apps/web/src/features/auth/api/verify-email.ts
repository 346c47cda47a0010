import { signupResponse, type SignupResponse, type VerifyEmailBody } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/user/verify-email with the mailed 6-digit code (spec §7). */
export async function verifyEmail(body: VerifyEmailBody): Promise<SignupResponse> {
  const response = await api.post('/auth/user/verify-email', body);
  return signupResponse.parse(response.data);
}

export function useVerifyEmail() {
  return useMutation({ mutationKey: ['auth', 'verify-email'], mutationFn: verifyEmail });
}
