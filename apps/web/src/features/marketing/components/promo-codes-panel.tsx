import { formatNaira, type PromoCodeDto } from '@gatepass/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Toggle } from '../../../components/ui/toggle.tsx';
import { PlusIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, Panel } from '../../../components/ui/panel.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { useDeletePromoCode } from '../api/delete-promo-code.ts';
import { usePromoCodes } from '../api/get-promo-codes.ts';
import { useUpdatePromoCode } from '../api/update-promo-code.ts';
import { discountLabel, promoState, usesLabel, windowLabel } from '../lib/promo.ts';
import { PromoFormDialog } from './promo-form-dialog.tsx';

interface EventRef {
  id: string;
  title: string;
  timeZone: string;
}

/** The chosen event's promo codes with their usage, and what can be done to them. */
export function PromoCodesPanel({ event }: { event: EventRef }) {
  const codes = usePromoCodes(event.id);
  const [editing, setEditing] = useState<PromoCodeDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromoCodeDto | null>(null);
  const remove = useDeletePromoCode();

  return (
    <Panel
      id="promo-codes"
      title="Promo codes"
      description="Discounts buyers type at checkout. Usage counts completed orders and checkouts still holding tickets."
      actions={
        <Button size="sm" onClick={() => setEditing('new')}>
          <PlusIcon className="size-4" />
          New promo code
        </Button>
      }
      flush
    >
      {codes.isPending ? (
        <BlockSpinner label="Loading promo codes…" className="py-12" />
      ) : codes.isError ? (
        <div className="p-4 sm:p-6">
          <Alert tone="error">The promo codes could not be loaded.</Alert>
        </div>
      ) : codes.data.length === 0 ? (
        <EmptyState
          icon={<TicketIcon className="size-6" />}
          title="No promo codes yet"
          action={
            <Button onClick={() => setEditing('new')}>
              <PlusIcon className="size-5" />
              Create a promo code
            </Button>
          }
        >
          Reward early birds, groups or partners with a percentage or a fixed amount off.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {codes.data.map((promo) => (
            <PromoRow
              key={promo.id}
              promo={promo}
              onEdit={() => setEditing(promo)}
              onDelete={() => setDeleting(promo)}
            />
          ))}
        </ul>
      )}

      <PromoFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        eventId={event.id}
        eventTitle={event.title}
        timeZone={event.timeZone}
        promo={editing === 'new' || editing === null ? undefined : editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.code ?? 'this code'}?`}
        confirmLabel="Delete code"
        busyLabel="Deleting..."
        busy={remove.isPending}
        tone="danger"
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (message) => {
              toast.success(message);
              setDeleting(null);
            },
            onError: () => setDeleting(null),
          });
        }}
      >
        {deleting && deleting.usage.uses > 0 ? (
          <p>
            Orders have used this code, so the server keeps it for their records. Switch it off
            instead to stop new checkouts from using it.
          </p>
        ) : (
          <p>Buyers will no longer be able to use it. This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </Panel>
  );
}

function PromoRow({
  promo,
  onEdit,
  onDelete,
}: {
  promo: PromoCodeDto;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const update = useUpdatePromoCode();
  const state = promoState(promo);
  const share = promo.maxUses ? Math.min(1, promo.usage.uses / promo.maxUses) : null;
  return (
    <li className="grid gap-4 px-4 py-4 sm:px-6 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto] lg:items-center">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-base font-bold tracking-wide text-slate-900">
            {promo.code}
          </span>
          <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
        </div>
        <p className="mt-0.5 text-sm font-medium text-indigo-700">{discountLabel(promo)}</p>
        <p className="mt-0.5 text-xs text-slate-500">{windowLabel(promo)}</p>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-900" data-testid="promo-uses">
          {usesLabel(promo)}
        </p>
        {share !== null ? (
          <div
            className="mt-1.5 h-1.5 w-full max-w-48 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label={`${promo.code} uses`}
            aria-valuemin={0}
            aria-valuemax={promo.maxUses ?? 0}
            aria-valuenow={promo.usage.uses}
          >
            <div
              className="h-full rounded-full bg-indigo-500"
              style={{ width: `${share * 100}%` }}
            />
          </div>
        ) : (
          <p className="text-xs text-slate-500">Unlimited</p>
        )}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm lg:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Orders</dt>
          <dd className="font-medium tabular-nums text-slate-900">{promo.usage.completedOrders}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Discounts</dt>
          <dd className="font-medium tabular-nums text-slate-900">
            {formatNaira(promo.usage.discountGiven)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Revenue</dt>
          <dd className="font-medium tabular-nums text-slate-900">
            {formatNaira(promo.usage.revenue)}
          </dd>
        </div>
      </dl>
      <div className="flex items-center justify-between gap-3 lg:justify-end">
        <Toggle
          checked={promo.active}
          disabled={update.isPending}
          srLabel={`${promo.code} active`}
          onChange={(active) =>
            update.mutate(
              { id: promo.id, body: { active } },
              {
                onSuccess: () =>
                  toast.success(active ? `${promo.code} is on.` : `${promo.code} is off.`),
              },
            )
          }
        />
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${promo.code}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={onDelete}
            aria-label={`Delete ${promo.code}`}
          >
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
