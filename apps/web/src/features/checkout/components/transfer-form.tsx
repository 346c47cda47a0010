import { transferOrderBody, type OrderDto } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { SendIcon } from '../../../components/ui/icons.tsx';
import { transferOrder } from '../api/transfer-order.ts';
import { inlineOrToast } from '../lib/api-errors.ts';

type Field = 'firstName' | 'lastName' | 'email' | 'phone';

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
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = transferOrderBody.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      const { message } = await transferOrder(order, parsed.data);
      onTransferred(message);
    } catch (err) {
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
          onSubmit={submit}
          aria-label="Transfer these tickets"
          className="mt-5 space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label="Their first name"
              name="firstName"
              autoComplete="off"
              value={values.firstName}
              onChange={(e) => change('firstName')(e.target.value)}
              error={errors.firstName}
            />
            <Input
              label="Their last name"
              name="lastName"
              autoComplete="off"
              value={values.lastName}
              onChange={(e) => change('lastName')(e.target.value)}
              error={errors.lastName}
            />
          </div>
          <Input
            label="Their email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={values.email}
            onChange={(e) => change('email')(e.target.value)}
            error={errors.email}
          />
          <Input
            label="Their phone (optional)"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint="Given, they also get the ticket by SMS."
            value={values.phone}
            onChange={(e) => change('phone')(e.target.value)}
            error={errors.phone}
          />
          {failure ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-inset ring-red-200"
            >
              {failure}
            </p>
          ) : null}
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
