import { formatShortDateTime, isDoorOnly } from '@gatepass/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ArrowRightIcon, ScanIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RefusalNotice } from '../../../components/ui/refusal-notice.tsx';
import { EmptyState, Panel } from '../../../components/ui/panel.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useWorkspace } from '../../../lib/workspace.ts';
import { useDoorEvents, type DoorEventRef } from '../api/get-door-events.ts';

/**
 * /events/manage/verify-ticket: the doors this user may open (teams, issue 13). A door
 * steward's events come with their workspace (all of them when given all); an owner's or
 * manager's workspace lists none, so theirs are the organiser's list.
 */
export function DoorEventsPage() {
  const { current, isPending } = useWorkspace();
  const listed = current?.events ?? null;
  // Only once the workspace is known: a door steward's list comes with it, and the
  // organiser's list would refuse them (issue 24 §2). Without a workspace list (an older
  // server), the organiser's list is asked.
  const all = useDoorEvents(!isPending && listed === null && !isDoorOnly(current?.role));
  // A draft has no tickets to check.
  const events: DoorEventRef[] | undefined = (listed ?? all.data)?.filter(
    (e) => e.status !== 'draft',
  );

  return (
    <>
      <PageHeader
        eyebrow={current ? `Working for ${current.organiserName}` : 'Door'}
        title="Verify tickets"
        subtitle="Choose the event whose door you are checking."
      />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <RefusalNotice className="mb-6" />
        {events === undefined ? (
          all.isError ? (
            <Alert tone="error">
              Your events could not be loaded. Open the door link your organiser shared, or try
              again in a moment.
            </Alert>
          ) : (
            <BlockSpinner label="Loading your events…" className="py-12" />
          )
        ) : (
          <Panel title="Your events" flush>
            {events.length === 0 ? (
              <EmptyState icon={<ScanIcon className="size-6" />} title="No doors to check yet">
                When the organiser gives you an event, it appears here.
              </EmptyState>
            ) : (
              <ul className="divide-y divide-slate-100">
                {events.map((event) => (
                  <li key={event.id}>
                    <Link
                      to={paths.manage.verifyTicket(event.id)}
                      className="flex items-center gap-4 px-4 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:px-6"
                    >
                      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
                        <ScanIcon className="size-6" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-base font-semibold text-slate-900">
                          {event.title}
                        </span>
                        {event.startsAt ? (
                          <span className="block text-sm text-slate-600">
                            {formatShortDateTime(event.startsAt)}
                          </span>
                        ) : null}
                      </span>
                      <ArrowRightIcon className="size-5 shrink-0 text-slate-400" />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        )}
      </div>
    </>
  );
}
