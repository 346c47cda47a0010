import type { MeResponse, UserDto } from '@gatepass/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/** GET /auth/user/me: the signed-in user, or 401 when the session has ended. */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<UserDto> {
  // Typed, not parsed again: the server checked it against meResponse (decision 020).
  const response = await api.get<MeResponse>('/auth/user/me', signal ? { signal } : {});
  return response.data.user;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session.me(),
    queryFn: getMe,
    // A 401 is an answer, not a blip: the API client ends the session on it.
    retry: false,
    staleTime: 5 * 60_000,
  });
