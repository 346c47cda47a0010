import { DoorEventsPage } from '../../../features/check-in/pages/door-events-page.tsx';

/** /events/manage/verify-ticket: the doors this user may open (a door steward's start). */
export function VerifyTicketsRoute() {
  return <DoorEventsPage />;
}
