import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { OrganiserHomePage } from '../../../features/events/pages/organiser-home-page.tsx';

export function ManageHomeRoute() {
  const { user } = useSession();
  const firstName = user?.fullName.trim().split(/\s+/)[0];
  return <OrganiserHomePage firstName={firstName} />;
}
