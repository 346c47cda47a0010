import { signupBody } from '@gatepass/shared';
import type { FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, NewPasswordInput } from '../../../components/ui/form-controls.tsx';
import { TicketIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useSignup } from '../api/signup.ts';
import { signupSuccess } from '../auth-slice.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { useFormValues } from '../hooks/use-form-values.ts';
import { formErrors } from '../lib/form-errors.ts';
import { joinReturnFrom } from '../lib/redirects.ts';

type Field = 'fullName' | 'email' | 'phoneNumber' | 'password';

export function SignupPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // An invitee from a team join link goes back to it once verified (teams, issue 13).
  const join = joinReturnFrom(location.state);
  const signup = useSignup();
  const { values, errors, setErrors, change } = useFormValues<Field>({
    fullName: '',
    email: '',
    phoneNumber: '',
    password: '',
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    const invalid = formErrors(signupBody, values);
    if (invalid) {
      setErrors(invalid);
      return;
    }
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
      <form noValidate onSubmit={submit} className="space-y-5">
        <Input
          label="Full Name"
          name="fullName"
          autoComplete="name"
          value={values.fullName}
          onChange={(e) => change('fullName', e.target.value)}
          error={errors.fullName}
        />
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={values.email}
          onChange={(e) => change('email', e.target.value)}
          error={errors.email}
        />
        <Input
          label="Phone Number"
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0801 234 5678"
          value={values.phoneNumber}
          onChange={(e) => change('phoneNumber', e.target.value)}
          error={errors.phoneNumber}
        />
        <NewPasswordInput
          label="Password"
          name="password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          error={errors.password}
        />
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
