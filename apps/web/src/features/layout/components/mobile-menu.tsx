import { isDoorOnly } from '@gatepass/shared';
import { DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Overlay } from '../../../components/ui/dialog.tsx';
import { CloseIcon, LogoutIcon, LoginIcon } from '../../../components/ui/icons.tsx';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import {
  browseLinks,
  isBrowseLinkActive,
  isManageItemActive,
  isManagePath,
  manageNavItemsFor,
  OVERLAY_CONTENT_DELAY_MS,
} from '../lib/navigation.ts';
import { useWorkspace } from '../../../lib/workspace.ts';
import { SignedInAs } from './signed-in-as.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';
import { manageIcons } from './manage-icons.tsx';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  email: string | null;
  onLogout: () => void;
  pathname: string;
  loginState: unknown;
}

/**
 * The small-screen overlay (spec §2): full screen, its content appearing after about
 * 300 ms. Browse (Home, Events); signed in: Manage and Create; under /events/manage the
 * sidebar's items; Login or Logout at the bottom.
 */
export function MobileMenu({
  open,
  onClose,
  email,
  onLogout,
  pathname,
  loginState,
}: MobileMenuProps) {
  // Teams: a door steward's menu offers their doors only; several organisers, a switcher.
  const workspace = useWorkspace(open);
  const role = workspace.isPending ? undefined : workspace.current?.role;
  const doorOnly = isDoorOnly(role);
  return (
    <Overlay
      open={open}
      onClose={onClose}
      className="relative z-50 lg:hidden"
      backdrop="bg-slate-950 duration-300"
    >
      <div className="fixed inset-0 overflow-y-auto">
        <DialogPanel className="flex min-h-full flex-col px-4 pb-8 text-white sm:px-6">
          <div className="flex h-16 shrink-0 items-center justify-between">
            <span className="flex items-center gap-2">
              <LogoMark className="size-8" />
              <DialogTitle className="text-lg font-bold tracking-tight">Gatepass</DialogTitle>
            </span>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close menu"
              className="rounded-lg p-2 text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <DelayedContent>
            <div className="flex flex-1 flex-col gap-6 pt-4">
              {email ? (
                <SignedInAs
                  email={email}
                  className="rounded-xl bg-white/5 px-4 py-3 ring-1 ring-white/10"
                  labelClassName="text-slate-400"
                />
              ) : null}
              {email ? (
                <WorkspaceSwitcher workspace={workspace} variant="overlay" onSwitched={onClose} />
              ) : null}
              <MenuGroup title="Browse">
                {browseLinks.map((link) => (
                  <MenuLink
                    key={link.to}
                    to={link.to}
                    active={isBrowseLinkActive(pathname, link.to)}
                    onClick={onClose}
                  >
                    {link.label}
                  </MenuLink>
                ))}
              </MenuGroup>
              {email && doorOnly ? (
                <MenuGroup title="Organise">
                  <MenuLink to={paths.manage.verifyTickets} onClick={onClose}>
                    Verify tickets
                  </MenuLink>
                </MenuGroup>
              ) : email ? (
                <MenuGroup title="Organise">
                  <MenuLink to={paths.manage.all} onClick={onClose}>
                    Manage
                  </MenuLink>
                  <MenuLink to={paths.manage.create('event')} onClick={onClose}>
                    Create
                  </MenuLink>
                </MenuGroup>
              ) : null}
              {isManagePath(pathname) && !doorOnly ? (
                <MenuGroup title="Manage">
                  {manageNavItemsFor(role).map((item) => {
                    const Icon = manageIcons[item.icon];
                    return (
                      <MenuLink
                        key={item.to}
                        to={item.to}
                        active={isManageItemActive(pathname, item)}
                        onClick={onClose}
                        icon={<Icon className="size-5" />}
                      >
                        {item.title}
                      </MenuLink>
                    );
                  })}
                </MenuGroup>
              ) : null}
              {/* Pinned to the bottom of the screen, so Logout stays in reach under long menus. */}
              <div className="sticky bottom-0 -mx-4 mt-auto bg-slate-950/95 px-4 pb-4 pt-4 backdrop-blur sm:-mx-6 sm:px-6">
                {email ? (
                  <button
                    type="button"
                    onClick={onLogout}
                    className={cn(buttonClasses('light', 'lg'), 'w-full')}
                  >
                    <LogoutIcon className="size-5" />
                    Logout
                  </button>
                ) : (
                  <Link
                    to={paths.login}
                    state={loginState}
                    onClick={onClose}
                    className={cn(buttonClasses('primary', 'lg'), 'w-full')}
                  >
                    <LoginIcon className="size-5" />
                    Login
                  </Link>
                )}
              </div>
            </div>
          </DelayedContent>
        </DialogPanel>
      </div>
    </Overlay>
  );
}

/** Mounts its children about 300 ms after the overlay opens, then fades them in. */
function DelayedContent({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), OVERLAY_CONTENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return <div className="flex-1" aria-busy="true" />;
  return <div className="flex flex-1 flex-col animate-[fade-in_200ms_ease-out]">{children}</div>;
}

function MenuGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <h2 id={id} className="px-3 text-xs font-semibold uppercase tracking-wider text-indigo-300">
        {title}
      </h2>
      <ul className="mt-1.5 space-y-0.5">{children}</ul>
    </div>
  );
}

function MenuLink({
  to,
  active = false,
  onClick,
  icon,
  children,
}: {
  to: string;
  active?: boolean;
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        onClick={onClick}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 rounded-lg px-3 py-2 text-base font-semibold transition-colors',
          'focus-visible:outline-2 focus-visible:outline-white',
          active ? 'bg-white/10 text-white' : 'text-slate-200 hover:bg-white/5 hover:text-white',
        )}
      >
        {icon}
        {children}
      </Link>
    </li>
  );
}
