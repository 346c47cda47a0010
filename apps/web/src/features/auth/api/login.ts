import { loginResponse, type LoginBody, type LoginResponse } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/user/login (spec §7): token and user are read from the answer. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const response = await api.post('/auth/user/login', body);
  return loginResponse.parse(response.data);
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
