import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';

export function ManageNotFoundRoute() {
  return (
    <>
      <PageHeader
        eyebrow="404"
        title="Page not found"
        subtitle="This part of the organiser area does not exist."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <Link to={paths.manage.home} className={buttonClasses('primary')}>
          Go to organiser home
        </Link>
      </div>
    </>
  );
}
