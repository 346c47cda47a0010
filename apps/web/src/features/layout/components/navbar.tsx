import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from '../../../components/ui/public-icons.tsx';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { browseLinks, isBrowseLinkActive } from '../lib/navigation.ts';

// The overlay (Headless UI) and the signed-in menu (Floating UI) load when first needed,
// so a visitor's first page carries neither kit.
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })));
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

interface NavbarProps {
  /** The signed-in user's email, or null when signed out. */
  email: string | null;
  onLogout: () => void | Promise<void>;
}

/**
 * The top bar, always shown (spec §2): transparent with light text at the top of the page,
 * white with a shadow once scrolled more than 20 px; a hamburger overlay on small screens.
 */
export function Navbar({ email, onLogout }: NavbarProps) {
  const location = useLocation();
  const scrolled = useScrolledPast();
  // The overlay is open for one location only: following any of its links closes it.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === location.key;
  // Mounted from the first opening on, so closing still plays its transition.
  const [mobileOpened, setMobileOpened] = useState(false);
  if (mobileOpen && !mobileOpened) setMobileOpened(true);
  // Login remembers where the visitor was, to come back after logging in.
  const loginState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };

  const logout = () => {
    setMobileOpenAt(null);
    void onLogout();
  };

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-[var(--test-banner,0px)] z-40 transition-[background-color,box-shadow,color] duration-200',
        scrolled ? 'bg-white text-slate-900 shadow-md' : 'bg-transparent text-white',
      )}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8"
      >
        <Link
          to={paths.home}
          className={cn(
            'flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight',
            'focus-visible:outline-2 focus-visible:outline-offset-4',
            scrolled ? 'focus-visible:outline-indigo-600' : 'focus-visible:outline-white',
          )}
        >
          <LogoMark className="size-8" />
          Gatepass
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {browseLinks.map((link) => {
            const active = isBrowseLinkActive(location.pathname, link.to);
            return (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2',
                    scrolled
                      ? active
                        ? 'text-indigo-700'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                      : active
                        ? 'bg-white/10 text-white'
                        : 'text-slate-200 hover:bg-white/10 hover:text-white',
                    scrolled ? 'focus-visible:outline-indigo-600' : 'focus-visible:outline-white',
                  )}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>

        <div className="ml-auto hidden items-center lg:flex">
          {email ? (
            <Suspense fallback={null}>
              <UserMenu email={email} onLogout={logout} solid={scrolled} />
            </Suspense>
          ) : (
            <Link
              to={paths.login}
              state={loginState}
              className={cn(
                'inline-flex items-center rounded-lg px-4 py-2 text-sm font-semibold shadow-sm transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2',
                scrolled
                  ? 'bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-indigo-600'
                  : 'bg-white text-slate-900 hover:bg-indigo-50 focus-visible:outline-white',
              )}
            >
              Login
            </Link>
          )}
        </div>

        <button
          type="button"
          onClick={() => setMobileOpenAt(location.key)}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={mobileOpen}
          className={cn(
            'ml-auto rounded-lg p-2 transition-colors lg:hidden',
            'focus-visible:outline-2 focus-visible:outline-offset-2',
            scrolled
              ? 'text-slate-700 hover:bg-slate-100 focus-visible:outline-indigo-600'
              : 'text-white hover:bg-white/10 focus-visible:outline-white',
          )}
        >
          <MenuIcon className="size-6" />
        </button>
      </nav>

      {mobileOpened ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={mobileOpen}
            onClose={() => setMobileOpenAt(null)}
            email={email}
            onLogout={logout}
            pathname={location.pathname}
            loginState={loginState}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
