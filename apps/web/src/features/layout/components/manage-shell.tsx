import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { isLandingState, useWorkspace } from '../../../lib/workspace.ts';
import { paths } from '../../../config/paths.ts';
import { isWithin, manageRedirectFor, manageRefusalFor } from '../lib/navigation.ts';
import { ManageSidebar } from './manage-sidebar.tsx';

/**
 * The organiser area: sidebar on the left (large screens), the section on the right.
 * Teams (issue 13): the section waits for the user's workspaces (the door excepted), then
 * a role that may not open it is sent to its own start (a door steward to their doors, a
 * manager off Team).
 */
export function ManageShell() {
  const workspace = useWorkspace();
  const { pathname, state } = useLocation();
  const redirect = manageRedirectFor(workspace.current?.role, pathname);
  // The door never waits: every role may open it, and it must open offline from its cache.
  const waiting = workspace.isPending && !isWithin(pathname, paths.manage.verifyTickets);
  return (
    <div className="min-h-dvh bg-slate-50">
      <ManageSidebar workspace={workspace} />
      <div className="lg:pl-[70px]">
        {waiting ? (
          <PageSpinner />
        ) : redirect ? (
          // Not silently (issue 24 §2): the page it lands on says the server's sentence.
          <Navigate
            to={redirect}
            replace
            state={
              isLandingState(state) ? null : { refusal: manageRefusalFor(workspace.current?.role) }
            }
          />
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}
