import { formatShortDate, type InvitationPreviewDto, ROLE_LABELS } from '@gatepass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { AuthScreen } from '../../../components/ui/auth-screen.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { UsersIcon } from '../../../components/ui/icons.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { SignedInContext } from '../../../lib/signed-in.ts';
import { toast } from '../../../lib/toast.ts';
import { workspacesQueryOptions } from '../../../lib/queries/workspaces.ts';
import { startPathFor, useWorkspace } from '../../../lib/workspace.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitationPreview } from '../api/preview-invitation.ts';
import { eventsLabel } from '../lib/workspaces.ts';

export const INVALID_LINK_MESSAGE =
  'This invitation link is not valid or has expired. Ask the organiser to send you a new one.';

/**
 * /team/join?token=… (public): says whose team, which role and which events; a visitor
 * signs up or logs in through the spec's screens and comes back here; a signed-in user
 * accepts and lands where the role starts (issue 13).
 */
export function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const preview = useInvitationPreview(token);

  if (!token) return <JoinProblem message={INVALID_LINK_MESSAGE} />;
  if (preview.isPending) {
    return (
      <AuthScreen title="Team invitation" icon={UsersIcon}>
        <BlockSpinner label="Opening the invitation…" className="py-6" />
      </AuthScreen>
    );
  }
  if (preview.isError) {
    const failure = readApiFailure(preview.error);
    const message =
      failure.status === 404 || failure.status === 400
        ? (failure.error ?? INVALID_LINK_MESSAGE)
        : failure.status === 429
          ? 'Too many attempts from here. Wait a minute and open the link again.'
          : 'The invitation could not be opened. Check your connection and try again.';
    return <JoinProblem message={message} />;
  }
  return <Invitation token={token} invitation={preview.data} />;
}

/** "Folake Adeyemi invited you to join their team as Door steward for Lagos Jazz Night." */
export function invitationSentence(invitation: InvitationPreviewDto): string {
  return `${invitation.organiserName} invited you to join their team as ${ROLE_LABELS[invitation.role]} for ${eventsLabel(invitation.events)}.`;
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreviewDto }) {
  const signedIn = useContext(SignedInContext);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { switchTo } = useWorkspace(false);
  const accept = useAcceptInvitation();
  const [problem, setProblem] = useState<{ message: string; member: boolean } | null>(null);
  // Login and signup come back here (their return path, see auth/lib/redirects.ts).
  const back = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };

  const acceptNow = () => {
    setProblem(null);
    accept.mutate(token, {
      onSuccess: async (workspace) => {
        // The new team is among the workspaces before the manage area asks which is current.
        await queryClient.fetchQuery({ ...workspacesQueryOptions(), staleTime: 0 });
        switchTo(workspace.organiserId);
        toast.success(`You joined ${workspace.organiserName}'s team.`);
        await navigate(startPathFor(workspace), { replace: true });
      },
      onError: (error) => {
        const failure = readApiFailure(error);
        if (failure.status === 409) {
          setProblem({
            message: failure.error ?? `You are already on ${invitation.organiserName}'s team.`,
            member: true,
          });
        } else if (failure.status === 404 || failure.status === 400) {
          setProblem({ message: failure.error ?? INVALID_LINK_MESSAGE, member: false });
        } else {
          setProblem({
            message: failure.error ?? 'The invitation could not be accepted. Try again.',
            member: false,
          });
        }
      },
    });
  };

  return (
    <AuthScreen
      title={`Join ${invitation.organiserName}'s team`}
      icon={UsersIcon}
      description={<p data-testid="invitation-sentence">{invitationSentence(invitation)}</p>}
    >
      <div className="space-y-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-slate-50 px-4 py-3 text-sm ring-1 ring-inset ring-slate-200">
          <dt className="text-slate-500">Role</dt>
          <dd className="font-semibold text-slate-900">{ROLE_LABELS[invitation.role]}</dd>
          <dt className="text-slate-500">Events</dt>
          <dd className="text-slate-900">
            {invitation.events === null
              ? 'All events'
              : invitation.events.map((e) => e.title).join(', ')}
          </dd>
          <dt className="text-slate-500">Sent to</dt>
          <dd className="break-all text-slate-900">{invitation.email}</dd>
          <dt className="text-slate-500">Valid until</dt>
          <dd className="text-slate-900">{formatShortDate(invitation.expiresAt)}</dd>
        </dl>
        {problem ? (
          <Alert tone="error">
            <p>{problem.message}</p>
            {problem.member ? (
              <Link to={paths.manage.root} className="mt-1 inline-block font-semibold underline">
                Go to the manage area
              </Link>
            ) : null}
          </Alert>
        ) : null}
        {signedIn ? (
          <Button
            className="w-full"
            onClick={acceptNow}
            disabled={accept.isPending || problem !== null}
          >
            {accept.isPending ? 'Accepting...' : 'Accept invitation'}
          </Button>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Sign up with the address it was sent to (
              <strong className="font-semibold">{invitation.email}</strong>) or log in to your
              Gatepass account with it, then come back here to accept.
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {/* Sign-up shows the invited address (masked) and the server fills it in. */}
              <Button
                onClick={() =>
                  void navigate(paths.signup, {
                    state: { ...back, invitedEmail: invitation.email },
                  })
                }
              >
                Sign up
              </Button>
              <Link
                to={paths.login}
                state={back}
                className={cn(buttonClasses('secondary'), 'w-full')}
              >
                Log in
              </Link>
            </div>
          </>
        )}
      </div>
    </AuthScreen>
  );
}

function JoinProblem({ message }: { message: string }) {
  return (
    <AuthScreen title="Team invitation" icon={UsersIcon}>
      <Alert tone="error">{message}</Alert>
      <Link to={paths.home} className={cn(buttonClasses('secondary'), 'mt-6 w-full')}>
        Go to Gatepass
      </Link>
    </AuthScreen>
  );
}
