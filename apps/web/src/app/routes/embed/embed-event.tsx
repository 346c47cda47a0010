import { useParams } from 'react-router';
import { EmbedEventPage } from '../../../features/events/pages/embed-event-page.tsx';

export function EmbedEventRoute() {
  const { slug = '' } = useParams();
  return <EmbedEventPage key={slug} slug={slug} />;
}
