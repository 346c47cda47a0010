import { Outlet, useLocation } from 'react-router';
import { ScrollRestoration } from '../scroll-restoration.tsx';
import { Later } from '../../components/ui/later.tsx';
import { useSessionCheck } from '../../features/auth/api/get-me.ts';
import { useLogout } from '../../features/auth/hooks/use-logout.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { Navbar } from '../../features/layout/components/navbar.tsx';
import { SiteFooter } from '../../features/layout/components/site-footer.tsx';
import { isManagePath } from '../../features/layout/lib/navigation.ts';
import { SignedInContext } from '../../lib/signed-in.ts';

/** Every page: the navbar (fed with the session), the page, and the footer outside the organiser area. */
export function RootLayout() {
  const { loggedIn, user } = useSession();
  const logout = useLogout();
  useSessionCheck(loggedIn);
  const { pathname } = useLocation();
  return (
    <SignedInContext.Provider value={loggedIn}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60]"
        >
          Skip to content
        </a>
        <Navbar email={loggedIn ? (user?.email ?? 'Account') : null} onLogout={logout} />
        {/* At least a screen tall, so the footer starts below the fold and a page that
          arrives after its spinner does not push a visible footer down (layout shift). */}
        <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
          <Outlet />
        </main>
        {/* Below a screen-tall main: it follows the page's first render in a task of its own. */}
        {isManagePath(pathname) ? null : (
          <Later>
            <SiteFooter />
          </Later>
        )}
        <ScrollRestoration />
      </div>
    </SignedInContext.Provider>
  );
}
