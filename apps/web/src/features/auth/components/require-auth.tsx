import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../hooks/use-session.ts';
import { loginStateFor, type ReturnLocation } from '../lib/redirects.ts';

export const LOGIN_REQUIRED_MESSAGE = 'You need to log in first!';

/**
 * Guards the organiser area (spec §2): a visitor who is not logged in sees the warning at
 * top-centre and goes to /login with the origin location, to come back after logging in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loggedIn } = useSession();
  const location = useLocation();
  if (!loggedIn) return <RedirectToLogin from={location} />;
  return children;
}

function RedirectToLogin({ from }: { from: ReturnLocation }) {
  useEffect(() => {
    // The id keeps a double render (StrictMode, quick re-entry) to one toast.
    toast.warning(LOGIN_REQUIRED_MESSAGE, { position: 'top-center', toastId: 'login-required' });
  }, []);
  return <Navigate to={paths.login} replace state={loginStateFor(from)} />;
}
