import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
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

/**
 * The warning and the redirect happen in one effect, warning first. With a <Navigate>
 * child instead, the child's effect ran first and its navigation could unmount this
 * component before its own effect ran (it did whenever the login page's code was already
 * loaded, e.g. after / in the same tab), so the warning was lost.
 */
function RedirectToLogin({ from }: { from: ReturnLocation }) {
  const navigate = useNavigate();
  // Where it was sent from is the location it mounted with.
  const [state] = useState(() => loginStateFor(from));
  useEffect(() => {
    // The id keeps a double run (StrictMode, quick re-entry) to one toast.
    toast.warning(LOGIN_REQUIRED_MESSAGE, { position: 'top-center', toastId: 'login-required' });
    void navigate(paths.login, { replace: true, state });
  }, [navigate, state]);
  return null;
}
