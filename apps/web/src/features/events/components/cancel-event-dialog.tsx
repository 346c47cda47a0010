import { cancelEventBody, EVENT_LIMITS, formatCount } from '@gatepass/shared';
import { toast } from '../../../lib/toast.ts';
import { showApiErrors, useContractForm, useFieldProps } from '../../../components/ui/form.tsx';
import { useCancelEvent } from '../api/cancel-event.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/form-controls.tsx';

/** Asks for confirmation and the reason before a published event is cancelled. */
export function CancelEventDialog({
  event,
  open,
  onClose,
}: {
  event: { id: string; title: string; sold: number };
  open: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelEvent();
  const form = useContractForm(cancelEventBody, { reason: '' });
  const reason = useFieldProps(form, 'reason');

  const close = () => {
    if (cancel.isPending) return;
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(({ reason }) => {
    cancel.mutate(
      { id: event.id, reason },
      {
        onSuccess: () => {
          toast.success('The event is cancelled.');
          form.reset();
          onClose();
        },
        // The server's sentence, whatever it is about, shows under the reason.
        onError: (err) => showApiErrors(form, err, 'reason'),
      },
    );
  });

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={`Cancel “${event.title}”?`}
      tone="danger"
      cancelLabel="Keep the event"
      confirmLabel="Cancel event"
      busyLabel="Cancelling…"
      busy={cancel.isPending}
      onConfirm={() => void submit()}
    >
      <p>
        The public page will say the event is cancelled and no more tickets can be bought. This
        cannot be undone.
        {event.sold > 0
          ? ` ${formatCount(event.sold)} ${event.sold === 1 ? 'ticket has' : 'tickets have'} been sold: tell the buyers what happens next.`
          : ''}
      </p>
      <TextArea
        wrapperClassName="mt-4"
        label="Why is it cancelled?"
        hint="Shown on the event page so ticket holders know."
        rows={3}
        maxLength={EVENT_LIMITS.cancelReasonMax}
        {...reason}
      />
    </ConfirmDialog>
  );
}
