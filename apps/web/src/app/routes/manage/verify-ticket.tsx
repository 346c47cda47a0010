import { useParams } from 'react-router';
import { VerifyTicketPage } from '../../../features/check-in/pages/verify-ticket-page.tsx';

/** /events/manage/verify-ticket/{eventId} (spec §2): one door per event. */
export function VerifyTicketRoute() {
  const { eventId = '' } = useParams();
  return <VerifyTicketPage key={eventId} eventId={eventId} />;
}
