import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Alert } from './alert.tsx';
import { PageHeader } from './page-header.tsx';
import { BlockSpinner } from './spinner.tsx';

/** The spinner a page body shows while its data loads. */
export function PageSpinner({ label }: { label: string }) {
  return <BlockSpinner label={label} className="py-20" />;
}

/** A whole page still loading: its header and a spinner. */
export function PageLoading({
  eyebrow,
  title = 'Loading…',
  label,
}: {
  eyebrow: string;
  title?: string;
  label: string;
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} />
      <PageSpinner label={label} />
    </>
  );
}

/** A page that cannot be shown: its header and, in red, why and where to go instead. */
export function PageProblem({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
        <Alert tone="error">{children}</Alert>
      </div>
    </>
  );
}

/**
 * An organiser's page for an event that does not exist or is not theirs (the server answers
 * both alike), with the way back to their events.
 */
export function EventNotFound({ eyebrow, consequence }: { eyebrow: string; consequence?: string }) {
  return (
    <PageProblem eyebrow={eyebrow} title="Event not found">
      This event does not exist or is not yours{consequence ? `, ${consequence}` : ''}.{' '}
      <Link to={paths.manage.all} className="font-semibold underline">
        Back to my events
      </Link>
    </PageProblem>
  );
}
