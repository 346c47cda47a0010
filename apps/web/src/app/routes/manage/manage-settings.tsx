import type { UserDto } from '@gatepass/shared';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { loginSuccess } from '../../../features/auth/auth-slice.ts';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { SettingsPage } from '../../../features/settings/pages/settings-page.tsx';

/**
 * The settings page, wired to the session: a changed name, email or phone updates the
 * signed-in user the navbar shows (same token, new user fields).
 */
export function ManageSettingsRoute() {
  const dispatch = useDispatch();
  const { token, user } = useSession();
  const onAccountChange = useCallback(
    (change: Partial<UserDto>) => {
      if (!token || !user) return;
      dispatch(loginSuccess({ token, user: { ...user, ...change } }));
    },
    [dispatch, token, user],
  );
  return <SettingsPage onAccountChange={onAccountChange} />;
}
