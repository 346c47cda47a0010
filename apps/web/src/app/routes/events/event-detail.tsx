import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ComingSoon } from '../../../components/ui/coming-soon.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';

export function EventDetailRoute() {
  const { slug = '' } = useParams();
  return (
    <>
      <PageHeader eyebrow="Event" title="Event details" subtitle={slug ? `/${slug}` : undefined} />
      <ComingSoon title="Event pages are coming soon">
        <p>Event details and ticket sales will show here.</p>
        <Link to={paths.events} className={`${buttonClasses('secondary', 'sm')} mt-5`}>
          Back to events
        </Link>
      </ComingSoon>
    </>
  );
}
