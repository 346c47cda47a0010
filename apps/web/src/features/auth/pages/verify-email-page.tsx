import { verifyEmailBody, type VerifyEmailBody } from '@gatepass/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import {
  FormEmailInput,
  FormInput,
  SubmitButton,
  useContractForm,
} from '../../../components/ui/form.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { useSession } from '../hooks/use-session.ts';
import {
  emailFromState,
  invitationTokenFrom,
  isMaskedEmail,
  joinReturnFrom,
} from '../lib/redirects.ts';

/** Shown when the screen is opened without an email from signup or login (spec §2). */
export const SAMPLE_EMAIL = 'user@example.com';

export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  // The email comes from signup or login; after signup the stored user has it too.
  const givenEmail =
    emailFromState(location.state) ?? (user && !user.emailVerified ? user.email : undefined);
  // An invitation's address arrives masked (decision 053): it is verified through the
  // invitation's link when the join page is at hand, else the person types their address.
  const masked = isMaskedEmail(givenEmail);
  const token = masked ? invitationTokenFrom(location.state) : undefined;
  const knownEmail = masked && !token ? undefined : givenEmail;
  // The known email stands for the field; a code is read without its spaces.
  const schema = useMemo(
    () =>
      z
        .object({ email: z.string(), code: z.string() })
        .transform((v): VerifyEmailBody => ({
          ...(token ? { invitationToken: token } : { email: knownEmail ?? v.email.trim() }),
          code: v.code.replace(/\s+/g, ''),
        }))
        .pipe(verifyEmailBody),
    [knownEmail, token],
  );
  const form = useContractForm(schema, { email: '', code: '' });
  const email = knownEmail ?? form.watch('email').trim();
  const shownEmail = email || givenEmail || SAMPLE_EMAIL;

  const submit = (values: z.output<typeof schema>) => {
    if (verify.isPending) return;
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
    if (token) {
      resend.mutate(
        { invitationToken: token },
        { onSuccess: (response) => toast.success(response.message || 'A new code is on its way.') },
      );
      return;
    }
    if (!email) {
      form.setError('email', { message: 'Email is required' });
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
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-5">
        {knownEmail ? null : <FormEmailInput form={form} name="email" placeholder={SAMPLE_EMAIL} />}
        <FormInput
          form={form}
          name="code"
          label="Verification Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
        />
        <SubmitButton className="w-full" busy={verify.isPending} busyLabel="Verifying...">
          Verify Email
        </SubmitButton>
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
