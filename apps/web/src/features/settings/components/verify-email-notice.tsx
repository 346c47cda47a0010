import { verifyEmailBody, type UserDto } from '@gatepass/shared';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  FormInput,
  showApiErrors,
  SubmitButton,
  useContractForm,
} from '../../../components/ui/form.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { useResendEmailCode, useVerifyNewEmail } from '../api/verify-email.ts';

/** The code is all the person types; the email is the account's (already checked). */
const codeForm = verifyEmailBody.pick({ code: true });

/** Shown while the account's email is unverified (after a change): enter the mailed code. */
export function VerifyEmailNotice({
  email,
  onVerified,
}: {
  email: string;
  onVerified: (user: UserDto) => void;
}) {
  const form = useContractForm(codeForm, { code: '' });
  const verify = useVerifyNewEmail();
  const resend = useResendEmailCode();

  const submit = form.handleSubmit(async () => {
    try {
      const code = form.getValues('code').trim();
      const { user, message } = await verify.mutateAsync({ email, code });
      toast.success(message ?? 'Email verified successfully!');
      form.reset({ code: '' });
      onVerified(user);
    } catch (err) {
      // A wrong or expired code is a sentence for the whole form: it shows under the code.
      showApiErrors(form, err, 'code');
    }
  });

  return (
    <div
      className="mb-6 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
      role="region"
      aria-label="Verify your email"
    >
      <div className="flex gap-3">
        <MailIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-amber-900">Verify your new email</p>
          <p className="mt-0.5 text-sm text-amber-800">
            We sent a 6-digit code to <strong className="break-all">{email}</strong>. Until you
            enter it, your email is unverified; logging in again will ask for a code too.
          </p>
          <form
            noValidate
            onSubmit={(e) => void submit(e)}
            className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start"
          >
            <FormInput
              form={form}
              name="code"
              label="Verification Code"
              wrapperClassName="sm:w-48"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <div className="flex gap-2 sm:mt-7">
              <SubmitButton busy={verify.isPending} busyLabel="Verifying...">
                Verify Email
              </SubmitButton>
              <Button
                variant="ghost"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(email, {
                    onSuccess: (message) => toast.success(message ?? 'A new code is on its way.'),
                  })
                }
              >
                {resend.isPending ? 'Sending...' : 'Send a new code'}
              </Button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}
