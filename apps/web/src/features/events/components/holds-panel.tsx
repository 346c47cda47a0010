import { type EventHoldDto, formatCount, formatNaira, formatShortDateTime } from '@gatepass/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../lib/toast.ts';
import { useEventHolds } from '../api/get-event-holds.ts';
import { useReleaseHold } from '../api/release-hold.ts';
import { Badge } from './badges.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { ManagePanel, PanelEmpty, PanelLoading } from './manage-panel.tsx';

const tickets = (n: number) => `${formatCount(n)} ${n === 1 ? 'ticket' : 'tickets'}`;

/** How a hold came to be, in the organiser's words (decision 025). */
function HoldKind({ hold }: { hold: EventHoldDto }) {
  if (hold.waitlistOffer) {
    return (
      <Badge tone="indigo">
        {hold.paymentMethod === null ? 'Waiting-list offer' : 'Waiting-list offer · paying online'}
      </Badge>
    );
  }
  if (hold.paymentMethod === 'offline') {
    return hold.holdConfirmedAt ? (
      <Badge tone="green">Offline · email confirmed</Badge>
    ) : (
      <Badge tone="amber">Offline · not confirmed</Badge>
    );
  }
  return <Badge tone="gray">{hold.paymentMethod === null ? 'In checkout' : 'Paying online'}</Badge>;
}

/**
 * The event's open holds: tickets in orders not paid yet, which are not on sale until the
 * hold ends. The organiser sees who holds them and until when, and can release one (the
 * order is cancelled and its tickets go back on sale).
 */
export function HoldsPanel({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const query = useEventHolds(eventId);
  const release = useReleaseHold(eventId);
  const [releasing, setReleasing] = useState<EventHoldDto | null>(null);
  const holds = query.data ?? [];
  const total = holds.reduce((sum, h) => sum + h.quantity, 0);

  const close = () => {
    if (!release.isPending) setReleasing(null);
  };
  const confirm = () => {
    if (!releasing) return;
    const hold = releasing;
    release.mutate(hold.orderId, {
      onSuccess: () => {
        toast.success(`${tickets(hold.quantity)} from order ${hold.orderCode} are back on sale.`);
        setReleasing(null);
      },
      // The API client has said why (the hold ended or was paid meanwhile); the list refreshes.
      onError: () => setReleasing(null),
    });
  };

  return (
    <ManagePanel
      id="holds-title"
      title="Holds"
      aside={
        holds.length ? (
          <span className="text-sm text-slate-600">
            {tickets(total)} in {formatCount(holds.length)}{' '}
            {holds.length === 1 ? 'order' : 'orders'}
          </span>
        ) : null
      }
      intro={
        <>
          Tickets in orders not paid yet are off sale until the hold ends. Release a hold to put its
          tickets back on sale now.
        </>
      }
    >
      {query.isPending ? (
        <PanelLoading label="Loading holds…" />
      ) : query.isError ? (
        <LoadFailed className="mt-4" onRetry={query.refetch}>
          The holds could not be loaded.
        </LoadFailed>
      ) : holds.length === 0 ? (
        <PanelEmpty>No tickets are held right now: every ticket not sold is on sale.</PanelEmpty>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Open holds">
          {holds.map((hold) => {
            const name = `${hold.firstName} ${hold.lastName}`;
            return (
              <li
                key={hold.orderId}
                aria-label={`Hold of ${name}`}
                className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <p className="font-semibold text-slate-900">{name}</p>
                    <HoldKind hold={hold} />
                  </div>
                  <p className="mt-0.5 text-sm break-all text-slate-600">{hold.email}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    {tickets(hold.quantity)} · {formatNaira(hold.totalPrice)} · order{' '}
                    <span className="font-mono">{hold.orderCode}</span>
                  </p>
                  <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                    <ClockIcon className="size-4 shrink-0 text-slate-400" />
                    <span>
                      {hold.waitlistOffer ? 'Offer ends' : 'Held until'}{' '}
                      <time dateTime={hold.reservedUntil} className="font-medium text-slate-800">
                        {formatShortDateTime(hold.reservedUntil, timeZone)}
                      </time>
                    </span>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="w-full shrink-0 sm:w-auto"
                  aria-label={`Release the hold of ${name}`}
                  onClick={() => setReleasing(hold)}
                >
                  Release
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={releasing !== null}
        onClose={close}
        title={`Release ${releasing ? `${releasing.firstName} ${releasing.lastName}` : ''}’s hold?`}
        tone="danger"
        cancelLabel="Keep the hold"
        confirmLabel="Release tickets"
        busyLabel="Releasing…"
        busy={release.isPending}
        onConfirm={confirm}
      >
        {releasing ? (
          <>
            <p>
              Order {releasing.orderCode} is cancelled and its {tickets(releasing.quantity)} go back
              on sale at once. The buyer is not emailed.
            </p>
            {releasing.holdConfirmedAt ? (
              <p className="mt-2 font-medium text-amber-800">
                This buyer confirmed their email and may be paying offline right now: tell them
                before you release their tickets.
              </p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </ManagePanel>
  );
}
