import { useState } from 'react';
import { ConfirmDialog } from './dialog.tsx';

/** Who a transfer gives the tickets to, as typed in its form. */
export interface NewHolder {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
}

/**
 * What the person transferring reads before anything is sent (issue 21 §1, decision 050):
 * who receives the tickets — name, email and phone as they will be used — and that it
 * cannot be undone. A typo in the email sends the tickets to a stranger, so it is shown on
 * its own line to be checked.
 */
export function NewHolderSummary({
  holder,
  tickets,
  oldCode,
}: {
  holder: NewHolder;
  /** "your ticket", "2 tickets", … */
  tickets: string;
  /** The order code that stops working (the organiser's drawer names it). */
  oldCode?: string;
}) {
  const phone = holder.phone?.trim();
  return (
    <>
      <p>The {tickets} will belong to:</p>
      <dl className="space-y-2 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-900/5">
        <div className="flex flex-wrap gap-x-3">
          <dt className="w-14 shrink-0 text-slate-500">Name</dt>
          <dd className="min-w-0 font-medium break-words text-slate-900">
            {holder.firstName} {holder.lastName}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-3">
          <dt className="w-14 shrink-0 text-slate-500">Email</dt>
          <dd className="min-w-0 font-medium break-all text-slate-900">{holder.email}</dd>
        </div>
        {phone ? (
          <div className="flex flex-wrap gap-x-3">
            <dt className="w-14 shrink-0 text-slate-500">Phone</dt>
            <dd className="min-w-0 font-medium text-slate-900">{phone}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        <strong className="text-slate-900">This cannot be undone.</strong> They get a new ticket
        with a new order code by email{phone ? ' and SMS' : ''}, and{' '}
        {oldCode ? (
          <>
            code <span className="font-mono">{oldCode}</span>
          </>
        ) : (
          'the current code'
        )}{' '}
        stops working at once. Check the email address: only it receives the tickets.
      </p>
    </>
  );
}

/**
 * The last step of a transfer, on the buyer's order page and in the organiser's order
 * drawer: the new holder shown in the app's one ConfirmDialog, sent only on "Yes, transfer".
 */
export function TransferConfirmDialog({
  holder,
  tickets,
  oldCode,
  busy,
  onConfirm,
  onClose,
}: {
  /** Null: closed. */
  holder: NewHolder | null;
  tickets: string;
  oldCode?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  // While the dialog fades out, it keeps showing whom it named.
  // (React's "storing information from previous renders" pattern.)
  const [last, setLast] = useState(holder);
  if (holder && holder !== last) setLast(holder);
  const shown = holder ?? last;
  return (
    <ConfirmDialog
      open={holder !== null}
      onClose={onClose}
      onConfirm={onConfirm}
      title={shown ? `Transfer to ${shown.firstName} ${shown.lastName}?` : 'Transfer?'}
      confirmLabel="Yes, transfer"
      busyLabel="Transferring..."
      busy={busy}
    >
      {shown ? (
        <NewHolderSummary holder={shown} tickets={tickets} {...(oldCode ? { oldCode } : {})} />
      ) : null}
    </ConfirmDialog>
  );
}
