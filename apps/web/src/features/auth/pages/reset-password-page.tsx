import { newPasswordField } from '@gatepass/shared';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { NewPasswordInput } from '../../../components/ui/form-controls.tsx';
import { KeyIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { useFormValues } from '../hooks/use-form-values.ts';
import type { FieldErrors } from '../lib/form-errors.ts';

type Field = 'password' | 'confirm';

/** Opened from the mailed link /reset-password?token=… (DESIGN §2). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { values, errors, setErrors, change } = useFormValues<Field>({ password: '', confirm: '' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const next: FieldErrors<Field> = {};
    const password = newPasswordField.safeParse(values.password);
    if (!password.success) next.password = password.error.issues[0]?.message;
    if (!values.confirm) next.confirm = 'Please confirm your new password.';
    else if (values.confirm !== values.password) next.confirm = 'Passwords do not match.';
    if (next.password || next.confirm) {
      setErrors(next);
      return;
    }
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: (response) => {
          toast.success(response.message || 'Your password has been reset.');
          navigate(paths.login, { replace: true });
        },
      },
    );
  };

  if (!token) {
    return (
      <AuthScreen title="Reset your password" icon={KeyIcon}>
        <Alert tone="error">This reset link is incomplete. Please request a new one.</Alert>
        <Link to={paths.forgotPassword} className={`${buttonClasses('primary')} mt-6 w-full`}>
          Request a new link
        </Link>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Reset your password"
      description="Choose a new password. You will be logged out everywhere and can log in again with it."
      icon={KeyIcon}
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <NewPasswordInput
          label="New Password"
          name="password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          error={errors.password}
        />
        <NewPasswordInput
          label="Confirm Password"
          name="confirm"
          rule={false}
          value={values.confirm}
          onChange={(e) => change('confirm', e.target.value)}
          error={errors.confirm}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthScreen>
  );
}
