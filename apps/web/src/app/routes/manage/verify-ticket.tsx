import { useParams } from 'react-router';
import { ManagePlaceholder } from './manage-placeholder.tsx';

export function VerifyTicketRoute() {
  const { eventId = '' } = useParams();
  return (
    <ManagePlaceholder
      title="Verify tickets"
      subtitle={`Event ${eventId}`}
      panelTitle="Ticket verification is coming soon"
    >
      Scan QR codes, enter codes by hand or search guests by name or email here.
    </ManagePlaceholder>
  );
}
