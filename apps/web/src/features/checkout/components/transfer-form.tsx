import { transferOrderBody, type OrderDto, type TransferOrderBody } from '@gatepass/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure, FormInput, useContractForm } from '../../../components/ui/form.tsx';
import { HolderFields } from '../../../components/ui/holder-fields.tsx';
import { SendIcon } from '../../../components/ui/icons.tsx';
import { transferOrder } from '../api/transfer-order.ts';
import { inlineOrToast } from '../lib/api-errors.ts';

/**
 * "Transfer these tickets" on the buyer's order page: who receives them. Sending it issues
 * them a new code and ends this one, so the form says so before the button.
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
  const busy = form.formState.isSubmitting;

  const send = async (to: TransferOrderBody) => {
    setFailure(null);
    try {
      const { message } = await transferOrder(order, to);
      onTransferred(message);
    } catch (err) {
      setFailure(inlineOrToast(err) ?? null);
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
          onSubmit={(e) => void form.handleSubmit(send)(e)}
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
              {busy ? 'Transferring...' : 'Transfer tickets'}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
          Transfer these tickets
        </Button>
      )}
    </section>
  );
}
