import { changeEmailBody, type SettingsDto } from '@gatepass/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  FormInput,
  showApiErrors,
  SubmitButton,
  useContractForm,
} from '../../../components/ui/form.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCancelEmailChange, useRequestEmailChange } from '../api/change-email.ts';
import { FormActions } from './settings-section.tsx';

const empty = { email: '', currentPassword: '' };

/**
 * The account's email and how to change it: the new address and the current password; the
 * change counts once the link mailed to the new address is opened. A pending change shows
 * until then, with a way to cancel it.
 */
export function EmailForm({ profile }: { profile: SettingsDto['profile'] }) {
  const form = useContractForm(changeEmailBody, empty);
  const request = useRequestEmailChange();
  const cancel = useCancelEmailChange();

  const submit = async () => {
    try {
      const { message } = await request.mutateAsync(form.getValues());
      toast.success(message ?? 'We have emailed a confirmation link to your new address.');
      form.reset(empty);
    } catch (err) {
      // A wrong current password comes back as a sentence: put it under that field.
      showApiErrors(form, err, 'currentPassword');
    }
  };

  return (
    <div>
      <p className="text-sm text-slate-700">
        Your email: <strong className="break-all">{profile.email}</strong>
      </p>
      {profile.pendingEmail ? (
        <Alert tone="info" className="mt-4">
          <span>
            Waiting for confirmation: we sent a link to{' '}
            <strong className="break-all">{profile.pendingEmail}</strong>. Your email stays{' '}
            {profile.email} until you open it.
          </span>{' '}
          <Button
            variant="ghost"
            size="sm"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: ({ message }) => toast.success(message ?? 'Email change cancelled.'),
              })
            }
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel the change'}
          </Button>
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
        aria-label="Change email"
        className="mt-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput
            form={form}
            name="email"
            label="New email"
            type="email"
            autoComplete="email"
            hint="We email a link to it; the change counts once you open the link."
          />
          <FormInput
            form={form}
            name="currentPassword"
            label="Current password for email"
            type="password"
            autoComplete="current-password"
          />
        </div>
        <FormActions>
          <SubmitButton busy={request.isPending} busyLabel="Sending...">
            Change email
          </SubmitButton>
        </FormActions>
      </form>
    </div>
  );
}
