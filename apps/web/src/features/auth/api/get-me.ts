import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/queries/session.ts';
import { tokenStorage } from '../../../lib/storage.ts';

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
