import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { paths } from '../../../config/paths.ts';
import { endSession } from '../../../lib/queries/invalidate.ts';
import { tokenStorage } from '../../../lib/storage.ts';
import { logoutRequest } from '../api/logout.ts';
import { logout } from '../auth-slice.ts';

/**
 * Logout (spec §4): revoke the session on the server (its failure is ignored), go to /,
 * clear user, token and flag (the stored token too) and say 'Logout successful'.
 * Navigation happens first and synchronously, so the organiser area's guard never sees
 * a logged-out user and never shows its 'You need to log in first!' warning.
 */
export function useLogout(): () => Promise<void> {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const token = tokenStorage.get();
    if (token) void logoutRequest(token).catch(() => undefined);
    await navigate(paths.home, { flushSync: true });
    dispatch(logout());
    // The next user of this device must not see this one's data, and nothing still on its
    // way for this session may answer into the next one.
    endSession(queryClient);
    toast.success('Logout successful');
  }, [dispatch, navigate, queryClient]);
}
