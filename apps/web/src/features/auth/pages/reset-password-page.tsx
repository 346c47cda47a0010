import { LIMITS, newPasswordField, type ResetTokenStatus } from '@gatepass/shared';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { NewPasswordInput } from '../../../components/ui/form-controls.tsx';
import { KeyIcon } from '../../../components/ui/icons.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useResetTokenStatus } from '../api/check-reset-token.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { SubmitButton, useContractForm, useFieldProps } from '../../../components/ui/form.tsx';

/** The new password under the contract's rule, and typed twice alike. */
const resetForm = z
  .object({
    password: newPasswordField,
    confirm: z.string().min(1, 'Please confirm your new password.'),
  })
  .refine((v) => !v.confirm || v.confirm === v.password, {
    path: ['confirm'],
    message: 'Passwords do not match.',
    // Said even while the password itself is refused, as the form always has.
    when: () => true,
  });

/** Opened from the mailed link /reset-password?token=… (DESIGN §2). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const status = useResetTokenStatus(token);
  const form = useContractForm(resetForm, { password: '', confirm: '' });
  const password = useFieldProps(form, 'password');
  const confirm = useFieldProps(form, 'confirm');

  const submit = () => {
    if (reset.isPending) return;
    reset.mutate(
      { token, password: form.getValues('password') },
      {
        onSuccess: (response) => {
          toast.success(response.message || 'Your password has been reset.');
          navigate(paths.login, { replace: true });
        },
        // The link died while the form was open (used in another tab, its hour ran out):
        // ask again, so the page says which and offers a new link.
        onError: (error) => {
          if (isApiError(error) && error.response?.status === 400) void status.refetch();
        },
      },
    );
  };

  if (!token) return <DeadLink>This reset link is incomplete. Please request a new one.</DeadLink>;
  if (status.isPending) {
    return (
      <AuthScreen title="Reset your password" icon={KeyIcon}>
        <BlockSpinner label="Checking your reset link…" className="py-6" />
      </AuthScreen>
    );
  }
  // A failed check (offline, too many) leaves the form: submitting it will say.
  if (status.data && status.data !== 'valid') {
    return <DeadLink>{DEAD_LINK_TEXT[status.data]}</DeadLink>;
  }

  return (
    <AuthScreen
      title="Reset your password"
      description="Choose a new password. You will be logged out everywhere and can log in again with it."
      icon={KeyIcon}
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-5">
        <NewPasswordInput label="New Password" {...password} />
        <NewPasswordInput label="Confirm Password" rule={false} {...confirm} />
        <SubmitButton className="w-full" busy={reset.isPending} busyLabel="Resetting...">
          Reset Password
        </SubmitButton>
      </form>
    </AuthScreen>
  );
}

const DEAD_LINK_TEXT: Record<Exclude<ResetTokenStatus, 'valid'>, string> = {
  used: 'This reset link has already been used. Each link works once: if you still need to reset your password, ask for a new link.',
  expired: `This reset link has expired: links work for ${LIMITS.resetTokenTtlMinutes} minutes. Ask for a new link to reset your password.`,
  invalid:
    'This reset link is not valid. Check that the whole link was opened, or ask for a new one.',
};

/** A link that cannot reset anything: say why, and offer a new one (no form to fill in vain). */
function DeadLink({ children }: { children: string }) {
  return (
    <AuthScreen title="Reset your password" icon={KeyIcon}>
      <Alert tone="error">{children}</Alert>
      <Link to={paths.forgotPassword} className={`${buttonClasses('primary')} mt-6 w-full`}>
        Request a new link
      </Link>
    </AuthScreen>
  );
}
