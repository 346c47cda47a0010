import { formatCount, formatShortDateTime, type WaitlistEntryDto } from '@gatepass/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useEventWaitlist } from '../api/get-event-waitlist.ts';
import { useRemoveWaitlistEntry } from '../api/remove-waitlist-entry.ts';
import { Badge } from './badges.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { ManagePanel, PanelEmpty, PanelLoading } from './manage-panel.tsx';

const tickets = (n: number) => `${formatCount(n)} ${n === 1 ? 'ticket' : 'tickets'}`;

function hoursText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} ${seconds === 3600 ? 'hour' : 'hours'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

function Status({ entry, timeZone }: { entry: WaitlistEntryDto; timeZone: string }) {
  switch (entry.status) {
    case 'waiting':
      return <Badge tone="gray">Waiting</Badge>;
    case 'offered':
      return (
        <Badge tone="amber">
          Offered until{' '}
          {entry.offeredUntil ? formatShortDateTime(entry.offeredUntil, timeZone) : ''}
        </Badge>
      );
    case 'claimed':
      return <Badge tone="green">Claimed</Badge>;
    case 'expired':
      return <Badge tone="red">Expired</Badge>;
    case 'left':
      return <Badge tone="gray">Left the list</Badge>;
    default:
      return <Badge tone="gray">Removed</Badge>;
  }
}

/**
 * The event's waiting list per ticket type (decision 032): who waits, in line order, and
 * what became of their place. Tickets that come back are offered to the first people whose
 * quantity fits; the organiser can take someone off the list (withdrawing an open offer).
 */
export function WaitlistPanel({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const query = useEventWaitlist(eventId);
  const remove = useRemoveWaitlistEntry(eventId);
  const [removing, setRemoving] = useState<WaitlistEntryDto | null>(null);
  const entries = query.data?.entries ?? [];
  const live = entries.filter((e) => e.status === 'waiting' || e.status === 'offered');
  const types = [...new Map(entries.map((e) => [e.ticketTypeId, e.ticketTypeName]))];

  const close = () => {
    if (!remove.isPending) setRemoving(null);
  };
  const confirm = () => {
    if (!removing) return;
    const entry = removing;
    remove.mutate(entry.id, {
      onSuccess: () => {
        toast.success(`${entry.name} is off the waiting list.`);
        setRemoving(null);
      },
      onError: () => setRemoving(null),
    });
  };

  return (
    <ManagePanel
      id="waitlist-title"
      title="Waiting list"
      aside={
        live.length ? (
          <span className="text-sm text-slate-600">
            {formatCount(live.length)} {live.length === 1 ? 'person' : 'people'} in line
          </span>
        ) : null
      }
      intro={
        <>
          When a ticket type sells out, buyers can join its waiting list. Tickets that come back are
          offered to the first people in line by email
          {query.data ? `, held for ${hoursText(query.data.offerSeconds)}` : ''}; an offer not paid
          in time passes to the next person.
        </>
      }
    >
      {query.isPending ? (
        <PanelLoading label="Loading the waiting list…" />
      ) : query.isError ? (
        <LoadFailed className="mt-4" onRetry={query.refetch}>
          The waiting list could not be loaded.
        </LoadFailed>
      ) : entries.length === 0 ? (
        <PanelEmpty>Nobody is on the waiting list.</PanelEmpty>
      ) : (
        types.map(([typeId, typeName]) => (
          <div key={typeId} className="mt-5">
            <h3 className="text-sm font-semibold text-slate-900">{typeName}</h3>
            <ol
              className="mt-2 divide-y divide-slate-100"
              aria-label={`Waiting list for ${typeName}`}
            >
              {entries
                .filter((e) => e.ticketTypeId === typeId)
                .map((entry) => (
                  <li
                    key={entry.id}
                    aria-label={`Place ${entry.position}: ${entry.name}`}
                    className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="flex min-w-0 flex-1 gap-3">
                      <span className="w-6 shrink-0 pt-0.5 text-right text-sm font-semibold tabular-nums text-slate-500">
                        {entry.position}
                      </span>
                      <div className="min-w-0">
                        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                          <p className="font-semibold text-slate-900">{entry.name}</p>
                          <Status entry={entry} timeZone={timeZone} />
                        </div>
                        <p className="mt-0.5 text-sm break-all text-slate-600">{entry.email}</p>
                        <p className="mt-0.5 text-sm text-slate-700">
                          {tickets(entry.quantity)}
                          {entry.orderCode ? (
                            <>
                              {' '}
                              · order <span className="font-mono">{entry.orderCode}</span>
                            </>
                          ) : null}
                        </p>
                      </div>
                    </div>
                    {entry.status === 'waiting' || entry.status === 'offered' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="w-full shrink-0 sm:w-auto"
                        aria-label={`Remove ${entry.name} from the waiting list`}
                        onClick={() => setRemoving(entry)}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </li>
                ))}
            </ol>
          </div>
        ))
      )}

      <ConfirmDialog
        open={removing !== null}
        onClose={close}
        title={`Remove ${removing?.name ?? ''} from the waiting list?`}
        tone="danger"
        cancelLabel="Keep them"
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={remove.isPending}
        onConfirm={confirm}
      >
        {removing?.status === 'offered' ? (
          <p>
            Their offer is withdrawn: the {tickets(removing.quantity)} held for them go to the next
            person in line. They are not emailed.
          </p>
        ) : removing ? (
          <p>They lose their place in line. They are not emailed.</p>
        ) : null}
      </ConfirmDialog>
    </ManagePanel>
  );
}
