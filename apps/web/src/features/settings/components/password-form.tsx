import { changePasswordBody } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, NewPasswordInput } from '../../../components/ui/form-controls.tsx';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { FormActions } from './settings-section.tsx';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then the new one twice; other sessions end, this one stays. */
export function PasswordForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();

  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, _form: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    const invalid = zodFieldErrors(changePasswordBody, body) ?? {};
    if (!invalid.newPassword && values.confirmPassword !== values.newPassword) {
      invalid.confirmPassword = 'The two new passwords do not match.';
    }
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      return;
    }
    try {
      const message = await change.mutateAsync(body);
      toast.success(message);
      setValues(empty);
    } catch (err) {
      const fieldErrors = apiFieldErrors(err);
      // A wrong current password comes back as a sentence: put it under that field.
      if (fieldErrors._form && !fieldErrors.currentPassword && !fieldErrors.newPassword) {
        fieldErrors.currentPassword = fieldErrors._form;
        delete fieldErrors._form;
      }
      setErrors(fieldErrors);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Change password">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          wrapperClassName="sm:col-span-2"
          value={values.currentPassword}
          onChange={(e) => set('currentPassword', e.target.value)}
          error={errors.currentPassword}
        />
        <NewPasswordInput
          label="New password"
          value={values.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
          error={errors.newPassword}
        />
        <NewPasswordInput
          label="Confirm new password"
          rule={false}
          value={values.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
          error={errors.confirmPassword}
        />
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Changing your password signs you out on every other device; you stay signed in here.
      </p>
      <FormActions>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </FormActions>
    </form>
  );
}
