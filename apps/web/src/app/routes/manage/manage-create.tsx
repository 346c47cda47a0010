import { useParams } from 'react-router';
import { ManagePlaceholder } from './manage-placeholder.tsx';

export function ManageCreateRoute() {
  const { id = 'event' } = useParams();
  const creating = id === 'event';
  return (
    <ManagePlaceholder
      title={creating ? 'Create event' : 'Edit event'}
      subtitle="Details, tickets and publishing, step by step."
      panelTitle="The event editor is coming soon"
    >
      You will set up your event, its tickets and its page here.
    </ManagePlaceholder>
  );
}
