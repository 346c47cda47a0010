import { RequireAuth } from '../../features/auth/components/require-auth.tsx';
import { ManageShell } from '../../features/layout/components/manage-shell.tsx';

/** The organiser area: login required, then the sidebar shell around the section. */
export function ManageLayout() {
  return (
    <RequireAuth>
      <ManageShell />
    </RequireAuth>
  );
}
