import { loginBody } from '@gatepass/shared';
import type { FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { LoginIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { useLogin } from '../api/login.ts';
import { loginSuccess } from '../auth-slice.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { useFormValues } from '../hooks/use-form-values.ts';
import { formErrors } from '../lib/form-errors.ts';
import { destinationAfterLogin, emailFromState, joinReturnFrom } from '../lib/redirects.ts';

type Field = 'phoneNumber' | 'password';

export function LoginPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { values, errors, setErrors, change } = useFormValues<Field>({
    phoneNumber: '',
    password: '',
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const invalid = formErrors(loginBody, values);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    login.mutate(values, {
      onSuccess: ({ token, user }) => {
        dispatch(loginSuccess({ token, user }));
        navigate(destinationAfterLogin(location.state), { replace: true });
      },
      onError: (error) => {
        toast.error('Error while logging in');
        const failure = readApiFailure(error);
        if (failure.code === 'EMAIL_NOT_VERIFIED') {
          // The server has mailed a fresh code; let the user finish verifying.
          const join = joinReturnFrom(location.state);
          navigate(paths.verifyEmail, {
            state: { email: emailFromState(failure.details), ...(join ? { from: join } : {}) },
          });
        }
      },
    });
  };

  return (
    <AuthScreen
      title="Log in to Gatepass"
      description="Welcome back. Log in with the phone number you signed up with."
      icon={LoginIcon}
    >
      <form noValidate onSubmit={submit} className="space-y-5">
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
        <div>
          <Input
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            error={errors.password}
          />
          <div className="mt-2 text-right">
            <Link
              to={paths.forgotPassword}
              className="rounded text-sm font-semibold text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Forgot Password?
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-200 pt-6 text-center">
        <p className="text-sm text-slate-600">New to Gatepass?</p>
        <Button
          variant="secondary"
          className="mt-3 w-full"
          onClick={() => navigate(paths.signup, { state: location.state })}
        >
          Create Account
        </Button>
      </div>
    </AuthScreen>
  );
}
