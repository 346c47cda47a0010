import { useParams } from 'react-router';
import { ManageEventPage } from '../../../features/events/pages/manage-event-page.tsx';

export function ManageEventRoute() {
  const { id = '' } = useParams();
  return <ManageEventPage key={id} id={id} />;
}
