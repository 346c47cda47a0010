import { Link, useLocation } from 'react-router';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import type { WorkspaceState } from '../../../lib/workspace.ts';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';
import { isManageItemActive, manageNavItemsFor, SIDEBAR_WIDTH_PX } from '../lib/navigation.ts';
import { manageIcons } from './manage-icons.tsx';

/**
 * The organiser sidebar (spec §2): 70 px wide on large screens, icons with a tooltip of
 * their title, the current item highlighted. It runs under the navbar to the top of the
 * window so the transparent navbar always sits on a dark background. Teams: the items are
 * the role's (see manageNavItemsFor), and the workspace switcher sits at the bottom.
 */
export function ManageSidebar({ workspace }: { workspace: WorkspaceState }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Manage"
      style={{ width: SIDEBAR_WIDTH_PX }}
      className="fixed bottom-0 left-0 top-[var(--test-banner,0px)] z-30 hidden flex-col items-center border-r border-white/10 bg-slate-950 pt-20 lg:flex"
    >
      <ul className="flex flex-col items-center gap-2">
        {(workspace.isPending ? [] : manageNavItemsFor(workspace.current?.role)).map((item) => {
          const active = isManageItemActive(pathname, item);
          const Icon = manageIcons[item.icon];
          return (
            <li key={item.to}>
              <Tooltip label={item.title} placement="right">
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex size-11 items-center justify-center rounded-xl transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400',
                    active
                      ? 'bg-indigo-600 text-white shadow-lg shadow-indigo-600/30'
                      : 'text-slate-400 hover:bg-white/10 hover:text-white',
                  )}
                >
                  <Icon className="size-6" />
                  <span className="sr-only">{item.title}</span>
                </Link>
              </Tooltip>
            </li>
          );
        })}
      </ul>
      {/* Under the items, not at the bottom: the test-mode pill sits in that corner. */}
      {workspace.workspaces.length > 1 ? (
        <div className="mt-4 border-t border-white/10 pt-4">
          <WorkspaceSwitcher workspace={workspace} variant="sidebar" />
        </div>
      ) : null}
    </nav>
  );
}
