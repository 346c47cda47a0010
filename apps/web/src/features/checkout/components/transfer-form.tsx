import { transferOrderBody, type OrderDto, type TransferOrderBody } from '@gatepass/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure, FormInput, useContractForm } from '../../../components/ui/form.tsx';
import { HolderFields } from '../../../components/ui/holder-fields.tsx';
import { SendIcon } from '../../../components/ui/icons.tsx';
import { TransferConfirmDialog } from '../../../components/ui/transfer-confirm.tsx';
import { transferOrder } from '../api/transfer-order.ts';
import { inlineOrToast } from '../lib/api-errors.ts';

/**
 * "Transfer these tickets" on the buyer's order page: who receives them. Sending it issues
 * them a new code and ends this one, so the form says so before the button, and a
 * confirmation shows the new holder's name, email and phone before anything is sent
 * (decision 050).
 */
export function TransferForm({
  order,
  onTransferred,
}: {
  order: OrderDto;
  onTransferred: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const form = useContractForm(transferOrderBody, {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  /** The checked form, waiting for "Yes, transfer". */
  const [review, setReview] = useState<TransferOrderBody | null>(null);
  const [busy, setBusy] = useState(false);
  const tickets = order.quantity === 1 ? 'ticket' : `${order.quantity} tickets`;

  const send = async () => {
    if (!review || busy) return;
    setFailure(null);
    setBusy(true);
    try {
      const { message } = await transferOrder(order, review);
      onTransferred(message);
    } catch (err) {
      // Back to the form, with the server's sentence under it.
      setReview(null);
      setFailure(inlineOrToast(err) ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="transfer-title"
      className="rounded-2xl bg-white px-6 py-6 shadow-sm ring-1 ring-slate-900/5 sm:px-8"
    >
      <h2 id="transfer-title" className="text-lg font-semibold text-slate-900">
        Can't go?
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Transfer {order.quantity === 1 ? 'your ticket' : `your ${order.quantity} tickets`} to
        someone else. They get a new ticket with a new order code by email, and your code stops
        working at once.
      </p>
      {open ? (
        <form
          noValidate
          onSubmit={(e) =>
            void form.handleSubmit((to) => {
              setFailure(null);
              setReview(to);
            })(e)
          }
          aria-label="Transfer these tickets"
          className="mt-5 space-y-4"
        >
          <HolderFields form={form} their className="gap-4" />
          <FormInput
            form={form}
            name="phone"
            label="Their phone (optional)"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint="Given, they also get the ticket by SMS."
          />
          <FormFailure>{failure}</FormFailure>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              <SendIcon className="size-4" />
              Transfer tickets
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
          Transfer these tickets
        </Button>
      )}
      <TransferConfirmDialog
        holder={review}
        tickets={tickets}
        oldCode={order.orderCode}
        busy={busy}
        onConfirm={() => void send()}
        onClose={() => setReview(null)}
      />
    </section>
  );
}
