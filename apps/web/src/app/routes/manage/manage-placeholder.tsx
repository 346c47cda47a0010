import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ComingSoon } from '../../../components/ui/coming-soon.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';

/** A section of the organiser area that a later release fills in. */
export function ManagePlaceholder({
  title,
  subtitle,
  panelTitle,
  children,
  createAction = false,
}: {
  title: string;
  subtitle?: ReactNode;
  panelTitle: string;
  children?: ReactNode;
  createAction?: boolean;
}) {
  return (
    <>
      <PageHeader
        eyebrow="Organiser"
        title={title}
        subtitle={subtitle}
        actions={
          createAction ? (
            <Link to={paths.manage.create('event')} className={buttonClasses('primary')}>
              <PlusIcon className="size-5" />
              Create an event
            </Link>
          ) : undefined
        }
      />
      <ComingSoon title={panelTitle}>{children}</ComingSoon>
    </>
  );
}
