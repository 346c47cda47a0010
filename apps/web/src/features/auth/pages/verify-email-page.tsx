import { verifyEmailBody } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { useSession } from '../hooks/use-session.ts';
import { formErrors, type FieldErrors } from '../lib/form-errors.ts';
import { emailFromState, joinReturnFrom } from '../lib/redirects.ts';

/** Shown when the screen is opened without an email from signup or login (spec §2). */
export const SAMPLE_EMAIL = 'user@example.com';

type Field = 'email' | 'code';

export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  // The email comes from signup or login; after signup the stored user has it too.
  const knownEmail =
    emailFromState(location.state) ?? (user && !user.emailVerified ? user.email : undefined);
  const [typedEmail, setTypedEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const email = knownEmail ?? typedEmail.trim();
  const shownEmail = email || SAMPLE_EMAIL;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const values = { email, code: code.replace(/\s+/g, '') };
    const invalid = formErrors(verifyEmailBody, values);
    if (invalid) {
      if (invalid.email && !knownEmail && !email) invalid.email = 'Email is required';
      setErrors(invalid);
      return;
    }
    verify.mutate(values, {
      onSuccess: (response) => {
        toast.success(response.message || 'Email verified successfully!');
        // Teams: an invitee logs in next and lands back on their join link.
        const join = joinReturnFrom(location.state);
        if (join) navigate(paths.login, { state: { from: join } });
        else navigate(paths.home);
      },
      onError: () => {
        toast.error('An error occurred. Please try again.');
      },
    });
  };

  const resendCode = () => {
    if (!email) {
      setErrors((e) => ({ ...e, email: 'Email is required' }));
      return;
    }
    resend.mutate(
      { email },
      { onSuccess: (response) => toast.success(response.message || 'A new code is on its way.') },
    );
  };

  return (
    <AuthScreen
      title="Verify Your Email"
      icon={MailIcon}
      description={
        <p>
          We have sent a verification code to{' '}
          <strong className="break-all font-semibold text-slate-900">{shownEmail}</strong>. Enter it
          below to activate your account.
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        {knownEmail ? null : (
          <Input
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder={SAMPLE_EMAIL}
            value={typedEmail}
            onChange={(e) => {
              setTypedEmail(e.target.value);
              setErrors((x) => ({ ...x, email: undefined }));
            }}
            error={errors.email}
          />
        )}
        <Input
          label="Verification Code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setErrors((x) => ({ ...x, code: undefined }));
          }}
          error={errors.code}
        />
        <Button type="submit" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify Email'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Didn&apos;t get a code?{' '}
        <button
          type="button"
          onClick={resendCode}
          disabled={resend.isPending}
          className="rounded font-semibold text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {resend.isPending ? 'Sending...' : 'Resend code'}
        </button>
      </p>
    </AuthScreen>
  );
}
