import { signupResponse, type SignupBody, type SignupResponse } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/user/signup (spec §7): the user is read from the answer. */
export async function signup(body: SignupBody): Promise<SignupResponse> {
  const response = await api.post('/auth/user/signup', body);
  return signupResponse.parse(response.data);
}

export function useSignup() {
  return useMutation({ mutationKey: ['auth', 'signup'], mutationFn: signup });
}
