import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { ManagePlaceholder } from './manage-placeholder.tsx';

export function ManageHomeRoute() {
  const { user } = useSession();
  const firstName = user?.fullName.trim().split(/\s+/)[0];
  return (
    <ManagePlaceholder
      title="Organiser home"
      subtitle={firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'}
      panelTitle="Your dashboard is on its way"
      createAction
    >
      Ticket sales, upcoming events and recent orders will show here.
    </ManagePlaceholder>
  );
}
