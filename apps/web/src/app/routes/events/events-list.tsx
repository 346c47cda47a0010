import { ComingSoon } from '../../../components/ui/coming-soon.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

export function EventsListRoute() {
  return (
    <>
      <PageHeader
        eyebrow="Discover"
        title="Events"
        subtitle="Concerts, conferences, parties and more across Nigeria."
      />
      <ComingSoon title="Events are coming soon">
        The events list is being built. Soon you will browse what&apos;s on and buy tickets here.
      </ComingSoon>
    </>
  );
}
