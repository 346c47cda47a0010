import { useParams } from 'react-router';
import { EventWizardPage } from '../../../features/events/pages/event-wizard-page.tsx';
import { NewEventPage } from '../../../features/events/pages/new-event-page.tsx';

/** `/events/manage/create/event` starts a new event; `/events/manage/create/{id}/{step}` edits one. */
export function ManageCreateRoute() {
  const { id = 'event', '*': step } = useParams();
  if (id === 'event') return <NewEventPage />;
  return <EventWizardPage key={id} id={id} step={step?.split('/')[0] || undefined} />;
}
