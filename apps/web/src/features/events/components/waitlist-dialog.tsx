import { joinWaitlistBody, type PublicTicketTypeDto } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { describeApiError, readApiFailure } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { joinWaitlist } from '../api/join-waitlist.ts';

type Field = 'name' | 'email' | 'quantity';

/**
 * "Join the waiting list" for a sold-out ticket type: name, email and how many tickets (up
 * to the type's per-order limit). Loaded only when opened, so the event page stays light.
 */
export default function WaitlistDialog({
  eventId,
  type,
  onClose,
}: {
  eventId: string;
  type: PublicTicketTypeDto;
  onClose: () => void;
}) {
  const [values, setValues] = useState({ name: '', email: '', quantity: '1' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = joinWaitlistBody.safeParse({
      eventId,
      ticketTypeId: type.id,
      name: values.name,
      email: values.email,
      quantity: Number(values.quantity),
    });
    const next: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
    } else if (parsed.data.quantity > type.maxPerOrder) {
      next.quantity = `Choose at most ${type.maxPerOrder}.`;
    }
    if (!parsed.success || Object.keys(next).length) {
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      setDone(await joinWaitlist(parsed.data));
    } catch (err) {
      const answer = readApiFailure(err);
      if (isApiError(err) && answer.error && [400, 404, 409].includes(answer.status ?? 0)) {
        setFailure(answer.error);
      } else {
        const {
          type: kind,
          message,
          autoClose,
        } = describeApiError(answer.status, answer.error ? { error: answer.error } : undefined);
        toast[kind](message, { toastId: message, ...(autoClose ? { autoClose } : {}) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Join the waiting list"
      description={`"${type.name}" is sold out. If tickets come back, we will email you an offer to pay for them.`}
      footer={
        done ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="waitlist-form" disabled={busy}>
              {busy ? 'Joining...' : 'Join the waiting list'}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success">{done}</Alert>
      ) : (
        <form id="waitlist-form" noValidate onSubmit={submit} className="space-y-4">
          <Input
            label="Full name"
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => change('name')(e.target.value)}
            error={errors.name}
          />
          <Input
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => change('email')(e.target.value)}
            error={errors.email}
          />
          <Input
            label="Tickets"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={type.maxPerOrder}
            value={values.quantity}
            onChange={(e) => change('quantity')(e.target.value)}
            error={errors.quantity}
            hint={`Up to ${type.maxPerOrder}. You are offered them all at once, or not at all.`}
          />
          {failure ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-inset ring-red-200"
            >
              {failure}
            </p>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
