import { formatCount, type WaitlistEntryDto } from '@gatepass/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatShortDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useEventWaitlist } from '../api/get-event-waitlist.ts';
import { useRemoveWaitlistEntry } from '../api/remove-waitlist-entry.ts';
import { Badge } from './badges.tsx';
import { ConfirmDialog, dangerButtonClasses } from './dialog.tsx';

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
    <section
      aria-labelledby="waitlist-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="waitlist-title" className="text-lg font-semibold text-slate-900">
          Waiting list
        </h2>
        {live.length ? (
          <span className="text-sm text-slate-600">
            {formatCount(live.length)} {live.length === 1 ? 'person' : 'people'} in line
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        When a ticket type sells out, buyers can join its waiting list. Tickets that come back are
        offered to the first people in line by email
        {query.data ? `, held for ${hoursText(query.data.offerSeconds)}` : ''}; an offer not paid in
        time passes to the next person.
      </p>

      {query.isPending ? (
        <div className="flex justify-center py-8 text-indigo-600">
          <Spinner label="Loading the waiting list…" />
        </div>
      ) : query.isError ? (
        <Alert tone="error" className="mt-4">
          The waiting list could not be loaded.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </Alert>
      ) : entries.length === 0 ? (
        <p className="mt-4 rounded-xl bg-slate-50 px-4 py-5 text-sm text-slate-600">
          Nobody is on the waiting list.
        </p>
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
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Keep them
            </Button>
            <button
              type="button"
              className={dangerButtonClasses}
              onClick={confirm}
              disabled={remove.isPending}
            >
              {remove.isPending ? 'Removing…' : 'Remove'}
            </button>
          </>
        }
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
    </section>
  );
}
