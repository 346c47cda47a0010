import { cancelEventBody, EVENT_LIMITS, formatCount } from '@gatepass/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { readApiFailure } from '../../../lib/api-error.ts';
import { useCancelEvent } from '../api/cancel-event.ts';
import { contractIssues, issuesFromDetails, messagesByField } from '../lib/wizard.ts';
import { ConfirmDialog, dangerButtonClasses } from './dialog.tsx';
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const close = () => {
    if (cancel.isPending) return;
    setReason('');
    setError(undefined);
    onClose();
  };

  const submit = () => {
    const issues = messagesByField(contractIssues(cancelEventBody, { reason }));
    if (issues.reason) {
      setError(issues.reason);
      return;
    }
    cancel.mutate(
      { id: event.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success('The event is cancelled.');
          setReason('');
          onClose();
        },
        onError: (err) => {
          const failure = readApiFailure(err);
          setError(messagesByField(issuesFromDetails(failure.details)).reason ?? failure.error);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={`Cancel “${event.title}”?`}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
            Keep the event
          </Button>
          <button
            type="button"
            className={dangerButtonClasses}
            onClick={submit}
            disabled={cancel.isPending}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel event'}
          </button>
        </>
      }
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
        value={reason}
        error={error}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
