import type { MeResponse, UserDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tokenStorage } from '../../../lib/storage.ts';

/** GET /auth/user/me: the signed-in user, or 401 when the session has ended. */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<UserDto> {
  // Typed, not parsed again: the server checked it against meResponse (decision 020).
  const response = await api.get<MeResponse>('/auth/user/me', signal ? { signal } : {});
  return response.data.user;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: getMe,
    // A 401 is an answer, not a blip: the API client ends the session on it.
    retry: false,
    staleTime: 5 * 60_000,
  });

/**
 * Checks a restored session with the server once per app start (and every few minutes of
 * use), so a session revoked elsewhere or expired ends here too instead of failing later.
 */
export function useSessionCheck(loggedIn: boolean) {
  // Offline (a steward at the door), there is nothing to check and no error worth a toast.
  const online = typeof navigator === 'undefined' || navigator.onLine;
  return useQuery({
    ...meQueryOptions(),
    // Read when the query is about to run, not when the page last rendered: an effect of
    // a render from before a logout can still hand the observer these options after the
    // token is gone, and a check without a token is only a 401 and a red toast.
    enabled: () => loggedIn && online && tokenStorage.get() !== null,
  });
}
