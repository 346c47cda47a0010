import { EventsListPage } from '../../../features/events/pages/events-list-page.tsx';

export function EventsListRoute() {
  return <EventsListPage />;
}
