import { loginBody } from '@gatepass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormInput, SubmitButton, useContractForm } from '../../../components/ui/form.tsx';
import { LoginIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { startSession } from '../../../lib/queries/invalidate.ts';
import { useLogin } from '../api/login.ts';
import { loginSuccess } from '../auth-slice.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { phoneNumberInput } from '../lib/auth-fields.ts';
import { destinationAfterLogin, emailFromState, joinReturnFrom } from '../lib/redirects.ts';

export function LoginPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const queryClient = useQueryClient();
  const form = useContractForm(loginBody, { phoneNumber: '', password: '' });

  const submit = () => {
    if (login.isPending) return;
    // What was typed goes to the server, which applies the same contract.
    login.mutate(form.getValues(), {
      onSuccess: ({ token, user }) => {
        dispatch(loginSuccess({ token, user }));
        startSession(queryClient, user);
        // A landing, not an address the user typed: a role sent on from it is not told
        // it was refused (issue 24 §2).
        navigate(destinationAfterLogin(location.state), {
          replace: true,
          state: { landing: true },
        });
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
      <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-5">
        <FormInput form={form} name="phoneNumber" {...phoneNumberInput} />
        <div>
          <FormInput
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
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
        <SubmitButton className="w-full" busy={login.isPending} busyLabel="Logging in...">
          Login
        </SubmitButton>
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
