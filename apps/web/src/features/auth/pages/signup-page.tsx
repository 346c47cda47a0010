import { signupBody } from '@gatepass/shared';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { NewPasswordInput } from '../../../components/ui/form-controls.tsx';
import { FormInput, useContractForm, useFieldProps } from '../../../components/ui/form.tsx';
import { TicketIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useSignup } from '../api/signup.ts';
import { signupSuccess } from '../auth-slice.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { phoneNumberInput } from '../lib/auth-fields.ts';
import { joinReturnFrom } from '../lib/redirects.ts';

export function SignupPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // An invitee from a team join link goes back to it once verified (teams, issue 13).
  const join = joinReturnFrom(location.state);
  const signup = useSignup();
  const form = useContractForm(signupBody, {
    fullName: '',
    email: '',
    phoneNumber: '',
    password: '',
  });
  const password = useFieldProps(form, 'password');

  const submit = () => {
    if (signup.isPending) return;
    // What was typed goes to the server, which applies the same contract.
    const values = form.getValues();
    signup.mutate(values, {
      onSuccess: ({ user }) => {
        dispatch(signupSuccess(user));
        toast.success('Signup successful! Please verify your email.');
        navigate(paths.verifyEmail, {
          state: { email: values.email.trim(), ...(join ? { from: join } : {}) },
        });
      },
      onError: () => {
        toast.error('Something went wrong while signing up');
      },
    });
  };

  return (
    <AuthScreen
      title="Create your account"
      description="Sell tickets, manage guests and check them in at the door."
      icon={TicketIcon}
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-5">
        <FormInput form={form} name="fullName" label="Full Name" autoComplete="name" />
        <FormInput
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <FormInput form={form} name="phoneNumber" {...phoneNumberInput} />
        <NewPasswordInput label="Password" {...password} />
        <Button type="submit" className="w-full" disabled={signup.isPending}>
          {signup.isPending ? 'Signing up...' : 'Signup'}
        </Button>
      </form>
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
    </AuthScreen>
  );
}
