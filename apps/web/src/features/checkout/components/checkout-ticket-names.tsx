import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormInput } from '../../../components/ui/form.tsx';
import type { CheckoutNamesForm } from '../lib/ticket-names.ts';

/**
 * "Who is each ticket for?" under the buyer's details (decision 080): optional, folded away
 * until asked for; the names can also be given later from the order page.
 */
export function CheckoutTicketNames({
  form,
  slots,
  disabled,
}: {
  form: UseFormReturn<CheckoutNamesForm>;
  slots: { index: number; ticketType: string }[];
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (slots.length < 2) return null;
  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-slate-900">Who is each ticket for?</p>
          <p className="text-sm text-slate-600">
            Optional. You can also name them later, and send each one to its holder, from your order
            page.
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide names' : 'Name the tickets'}
        </Button>
      </div>
      {open ? (
        <ol className="mt-4 space-y-4" aria-label="Ticket holders">
          {slots.map((slot, i) => (
            <li key={slot.index} className="rounded-xl bg-slate-50 p-4">
              <p className="text-sm font-semibold text-slate-800">
                Ticket {slot.index} · {slot.ticketType}
              </p>
              <div className="mt-2 grid gap-3 sm:grid-cols-3">
                <FormInput
                  form={form}
                  name={`names.${i}.firstName`}
                  label="First name"
                  autoComplete="off"
                  disabled={disabled}
                />
                <FormInput
                  form={form}
                  name={`names.${i}.lastName`}
                  label="Last name"
                  autoComplete="off"
                  disabled={disabled}
                />
                <FormInput
                  form={form}
                  name={`names.${i}.email`}
                  label="Email (optional)"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  disabled={disabled}
                />
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
