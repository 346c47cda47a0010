import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormEmailInput, SubmitButton, useContractForm } from '../../../components/ui/form.tsx';
import { KeyIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthScreen } from '../components/auth-screen.tsx';

const INVALID_EMAIL = 'Please enter a valid email address.';
/** A blank address is just not a valid one here (the spec's one sentence for this form). */
const forgotPasswordForm = z.object({ email: z.string().trim().pipe(z.email(INVALID_EMAIL)) });

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useContractForm(forgotPasswordForm, { email: '' });
  const [sent, setSent] = useState<string>();

  const submit = ({ email }: z.output<typeof forgotPasswordForm>) => {
    if (forgot.isPending) return;
    setSent(undefined);
    forgot.mutate(
      { email },
      {
        onSuccess: (response) => {
          setSent(response.data.message || response.message || 'Password reset link sent!');
          toast.success('Password reset link sent to your email!');
        },
        onError: () => {
          toast.error('An error occurred. Please try again.');
        },
      },
    );
  };

  return (
    <AuthScreen
      title="Password Reset"
      description="Enter your email address and we will send you a link to reset your password."
      icon={KeyIcon}
      footer={
        <Link
          to={paths.login}
          className="rounded font-semibold text-white hover:text-indigo-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Back to login
        </Link>
      }
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-5">
        <FormEmailInput form={form} name="email" placeholder="you@example.com" />
        {sent ? <Alert tone="success">{sent}</Alert> : null}
        <SubmitButton className="w-full" busy={forgot.isPending} busyLabel="Sending...">
          Reset Password
        </SubmitButton>
      </form>
    </AuthScreen>
  );
}
