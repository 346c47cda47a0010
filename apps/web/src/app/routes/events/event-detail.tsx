import { useParams } from 'react-router';
import { EventDetailPage } from '../../../features/events/pages/event-detail-page.tsx';

export function EventDetailRoute() {
  const { slug = '' } = useParams();
  return <EventDetailPage key={slug} slug={slug} />;
}
