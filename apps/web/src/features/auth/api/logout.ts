import { api } from '../../../lib/api-client.ts';

/**
 * POST /auth/user/logout revokes the session on the server. The token is passed in
 * because the local session is cleared straight after; a failure (offline, already
 * expired) is the caller's to ignore, so no global toast.
 */
export async function logoutRequest(token: string): Promise<void> {
  await api.post('/auth/user/logout', undefined, {
    headers: { Authorization: `Bearer ${token}` },
    skipErrorToast: true,
  });
}
