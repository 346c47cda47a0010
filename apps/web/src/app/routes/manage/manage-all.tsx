import { MyEventsPage } from '../../../features/events/pages/my-events-page.tsx';

export function ManageAllRoute() {
  return <MyEventsPage />;
}
