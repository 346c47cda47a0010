import { useParams } from 'react-router';
import { ManagePlaceholder } from './manage-placeholder.tsx';

export function ManageEventRoute() {
  const { id = '' } = useParams();
  return (
    <ManagePlaceholder
      title="Manage event"
      subtitle={`Event ${id}`}
      panelTitle="Event management is coming soon"
    >
      Tickets, orders and check-in for this event will be managed here.
    </ManagePlaceholder>
  );
}
