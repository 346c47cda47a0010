import { joinWaitlistBody, type PublicTicketTypeDto } from '@gatepass/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import {
  FormEmailInput,
  FormFailure,
  FormInput,
  useContractForm,
} from '../../../components/ui/form.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { describeApiError, readApiFailure } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { joinWaitlist } from '../api/join-waitlist.ts';

/**
 * The dialog's fields under the contract's rules: the quantity is typed as text and read
 * as a number, and may not pass the type's per-order limit.
 */
const waitlistForm = (maxPerOrder: number) =>
  joinWaitlistBody.pick({ name: true, email: true }).extend({
    quantity: z
      .string()
      .transform(Number)
      .pipe(joinWaitlistBody.shape.quantity.max(maxPerOrder, `Choose at most ${maxPerOrder}.`)),
  });

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
  const schema = useMemo(() => waitlistForm(type.maxPerOrder), [type.maxPerOrder]);
  const form = useContractForm(schema, { name: '', email: '', quantity: '1' });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const submit = async (values: z.output<typeof schema>) => {
    setFailure(null);
    try {
      setDone(await joinWaitlist({ eventId, ticketTypeId: type.id, ...values }));
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
        <form
          id="waitlist-form"
          noValidate
          onSubmit={(e) => void form.handleSubmit(submit)(e)}
          className="space-y-4"
        >
          <FormInput form={form} name="name" label="Full name" autoComplete="name" />
          <FormEmailInput form={form} name="email" />
          <FormInput
            form={form}
            name="quantity"
            label="Tickets"
            type="number"
            inputMode="numeric"
            min={1}
            max={type.maxPerOrder}
            hint={`Up to ${type.maxPerOrder}. You are offered them all at once, or not at all.`}
          />
          <FormFailure>{failure}</FormFailure>
        </form>
      )}
    </Modal>
  );
}
