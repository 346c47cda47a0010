import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { KeyIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthScreen } from '../components/auth-screen.tsx';

const INVALID_EMAIL = 'Please enter a valid email address.';
const looksLikeEmail = (value: string) => z.email().safeParse(value).success;

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const value = email.trim();
    if (!looksLikeEmail(value)) {
      setError(INVALID_EMAIL);
      return;
    }
    setSent(undefined);
    forgot.mutate(
      { email: value },
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
      <form noValidate onSubmit={submit} className="space-y-5">
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          error={error}
        />
        {sent ? <Alert tone="success">{sent}</Alert> : null}
        <Button type="submit" className="w-full" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Reset Password'}
        </Button>
      </form>
    </AuthScreen>
  );
}
