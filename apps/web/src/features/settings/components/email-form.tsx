import { changeEmailBody, type SettingsDto } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors.ts';
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
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const request = useRequestEmailChange();
  const cancel = useCancelEmailChange();

  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, _form: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = zodFieldErrors(changeEmailBody, values);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    try {
      const { message } = await request.mutateAsync(values);
      toast.success(message ?? 'We have emailed a confirmation link to your new address.');
      setValues(empty);
    } catch (err) {
      const fieldErrors = apiFieldErrors(err);
      if (fieldErrors._form && !fieldErrors.email && !fieldErrors.currentPassword) {
        fieldErrors.currentPassword = fieldErrors._form;
        delete fieldErrors._form;
      }
      setErrors(fieldErrors);
    }
  }

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
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Change email" className="mt-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="New email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            error={errors.email}
            hint="We email a link to it; the change counts once you open the link."
          />
          <Input
            label="Current password for email"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(e) => set('currentPassword', e.target.value)}
            error={errors.currentPassword}
          />
        </div>
        <FormActions>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Change email'}
          </Button>
        </FormActions>
      </form>
    </div>
  );
}
