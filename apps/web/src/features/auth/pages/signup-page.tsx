import { signupBody } from '@gatepass/shared';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, NewPasswordInput } from '../../../components/ui/form-controls.tsx';
import {
  FormEmailInput,
  FormInput,
  useContractForm,
  useFieldProps,
} from '../../../components/ui/form.tsx';
import { TicketIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useSignup } from '../api/signup.ts';
import { signupSuccess } from '../auth-slice.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { phoneNumberInput } from '../lib/auth-fields.ts';
import { invitationTokenFrom, invitedEmailFrom, joinReturnFrom } from '../lib/redirects.ts';

/** The form without its Email field: an invitation's sign-up takes the invited address. */
const invitedSignupBody = signupBody.omit({ email: true });

export function SignupPage() {
  const location = useLocation();
  // An invitee from a team join link goes back to it once verified (teams, issue 13), and
  // signs up with the invited address, shown masked (issue 24 §2, decision 053).
  const token = invitationTokenFrom(location.state);
  const invitedEmail = invitedEmailFrom(location.state);
  const invitation = token && invitedEmail ? { token, email: invitedEmail } : undefined;

  return (
    <AuthScreen
      title="Create your account"
      description="Sell tickets, manage guests and check them in at the door."
      icon={TicketIcon}
    >
      {invitation ? <InvitedSignupForm invitation={invitation} /> : <SignupForm />}
      <ReturnToLogin />
    </AuthScreen>
  );
}

function useAfterSignup() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const join = joinReturnFrom(location.state);
  const signup = useSignup();
  /** `entered`: the email typed (spec: verify-email carries it); else the server's answer. */
  const send = (values: Parameters<typeof signup.mutate>[0], entered?: string) => {
    if (signup.isPending) return;
    signup.mutate(values, {
      onSuccess: ({ user }) => {
        dispatch(signupSuccess(user));
        toast.success('Signup successful! Please verify your email.');
        // An invitation's address as the server answered it: masked.
        navigate(paths.verifyEmail, {
          state: { email: entered ?? user.email, ...(join ? { from: join } : {}) },
        });
      },
      onError: () => {
        toast.error('Something went wrong while signing up');
      },
    });
  };
  return { send, pending: signup.isPending };
}

function SignupForm() {
  const { send, pending } = useAfterSignup();
  const form = useContractForm(signupBody, {
    fullName: '',
    email: '',
    phoneNumber: '',
    password: '',
  });
  const password = useFieldProps(form, 'password');
  // What was typed goes to the server, which applies the same contract.
  const submit = () => {
    const values = form.getValues();
    send(values, values.email?.trim());
  };

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-5">
      <FormInput form={form} name="fullName" label="Full Name" autoComplete="name" />
      <FormEmailInput form={form} name="email" placeholder="you@example.com" />
      <FormInput form={form} name="phoneNumber" {...phoneNumberInput} />
      <NewPasswordInput label="Password" {...password} />
      <SignupButton pending={pending} />
    </form>
  );
}

/**
 * From a team invitation: the Email field shows the invited address masked and read-only
 * (whoever holds a forwarded link must not learn it); the server uses the invitation's own
 * address, and the verification code goes there, so only its owner can finish.
 */
function InvitedSignupForm({ invitation }: { invitation: { token: string; email: string } }) {
  const { send, pending } = useAfterSignup();
  const form = useContractForm(invitedSignupBody, {
    fullName: '',
    phoneNumber: '',
    password: '',
  });
  const password = useFieldProps(form, 'password');
  const submit = () => send({ ...form.getValues(), invitationToken: invitation.token });

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-5">
      <FormInput form={form} name="fullName" label="Full Name" autoComplete="name" />
      <Input
        label="Email"
        type="text"
        value={invitation.email}
        readOnly
        hint="The address your invitation was sent to. Your verification code goes there."
        className="bg-slate-50 text-slate-700"
      />
      <FormInput form={form} name="phoneNumber" {...phoneNumberInput} />
      <NewPasswordInput label="Password" {...password} />
      <SignupButton pending={pending} />
    </form>
  );
}

function SignupButton({ pending }: { pending: boolean }) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending ? 'Signing up...' : 'Signup'}
    </Button>
  );
}

function ReturnToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="mt-6 border-t border-slate-200 pt-6 text-center">
      <p className="text-sm text-slate-600">Already have an account?</p>
      <Button
        variant="secondary"
        className="mt-3 w-full"
        onClick={() => navigate(paths.login, { state: location.state })}
      >
        Return to login
      </Button>
    </div>
  );
}
