import { changePasswordBody } from '@gatepass/shared';
import { z } from 'zod';
import { toast } from '../../../lib/toast.ts';
import { NewPasswordInput } from '../../../components/ui/form-controls.tsx';
import {
  FormInput,
  showApiErrors,
  SubmitButton,
  useContractForm,
  useFieldProps,
} from '../../../components/ui/form.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { FormActions } from './settings-section.tsx';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The contract's two fields, and the new password typed twice alike. */
const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match.',
    // Said beside other refusals too, unless the new password itself is refused.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'newPassword'),
  });

/** Current password, then the new one twice; other sessions end, this one stays. */
export function PasswordForm() {
  const form = useContractForm(passwordForm, empty);
  const change = useChangePassword();
  const newPassword = useFieldProps(form, 'newPassword');
  const confirmPassword = useFieldProps(form, 'confirmPassword');

  const submit = async () => {
    const { currentPassword, newPassword } = form.getValues();
    try {
      const message = await change.mutateAsync({ currentPassword, newPassword });
      toast.success(message);
      form.reset(empty);
    } catch (err) {
      // A wrong current password comes back as a sentence: put it under that field.
      showApiErrors(form, err, 'currentPassword');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
      aria-label="Change password"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          wrapperClassName="sm:col-span-2"
        />
        <NewPasswordInput label="New password" {...newPassword} />
        <NewPasswordInput label="Confirm new password" rule={false} {...confirmPassword} />
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Changing your password signs you out on every other device; you stay signed in here.
      </p>
      <FormActions>
        <SubmitButton busy={change.isPending} busyLabel="Changing...">
          Change password
        </SubmitButton>
      </FormActions>
    </form>
  );
}
