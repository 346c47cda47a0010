import { roleAllows, type SettingsDto, type UserDto } from '@gatepass/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useConfirmEmailChange } from '../api/change-email.ts';
import { useSettings } from '../api/get-settings.ts';
import { ApiTokensPanel } from '../components/api-tokens-panel.tsx';
import { EmailForm } from '../components/email-form.tsx';
import { OrganiserForm } from '../components/organiser-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { PayoutAccount } from '../components/verified-payout-form.tsx';
import { PreferencesForm } from '../components/preferences-form.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { ServerFeatures } from '../components/server-features.tsx';
import { SettingsSection } from '../components/settings-section.tsx';
import { VerifyEmailNotice } from '../components/verify-email-notice.tsx';
import { Webhooks } from '../components/webhooks.tsx';
import { useWorkspace } from '../../../lib/workspace.ts';

export type AccountProfile = SettingsDto['profile'];

/**
 * /events/manage/settings/. `onAccountChange` lets the app keep the signed-in user (shown
 * in the navbar) in step with a changed name, email or phone.
 */
export function SettingsPage({
  onAccountChange,
}: {
  onAccountChange?: (change: Partial<UserDto>) => void;
}) {
  const settings = useSettings();
  const data = settings.data;
  // Webhooks are the owner's (issue 26 §3; their routes need the `owner` level of the role
  // table): a team member's Settings are their own account's.
  const role = useWorkspace().current?.role;
  const owner = role !== undefined && roleAllows(role, 'owner');
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmEmailChange();
  const confirmToken = params.get('confirm-email');
  const confirming = useRef(false);

  // The link mailed to a new email lands here: confirm it once, then take the token out of
  // the address bar (and of the history). A failure shows the API client's error toast.
  useEffect(() => {
    if (!confirmToken || confirming.current) return;
    confirming.current = true;
    setParams(
      (p) => {
        p.delete('confirm-email');
        return p;
      },
      { replace: true },
    );
    confirm.mutate(confirmToken, {
      onSuccess: ({ settings: next, message }) => {
        toast.success(message ?? 'Your email has been changed.');
        onAccountChange?.({ email: next.profile.email });
      },
    });
  }, [confirmToken, confirm, setParams, onAccountChange]);

  return (
    <>
      <PageHeader
        eyebrow="Organiser"
        title="Settings"
        subtitle="Your account, how buyers see you, where your money goes and how Gatepass works for you."
      />
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
        {settings.isPending ? (
          <BlockSpinner label="Loading settings…" className="py-16" />
        ) : settings.isError || !data ? (
          <Alert tone="error">Your settings could not be loaded.</Alert>
        ) : (
          <>
            {!data.profile.emailVerified ? (
              <VerifyEmailNotice
                email={data.profile.email}
                onVerified={(user) => onAccountChange?.(user)}
              />
            ) : null}
            {[
              {
                id: 'profile',
                title: 'Profile',
                description: 'Your name and the phone number you log in with.',
                content: (
                  <ProfileForm
                    // A saved change resets the form to what the server stored.
                    key={`${data.profile.phoneNumber}|${data.profile.fullName}`}
                    profile={data.profile}
                    onSaved={(profile) => onAccountChange?.(profile)}
                  />
                ),
              },
              {
                id: 'email',
                title: 'Email',
                description:
                  'Where we write to you. A new address counts once you open the link we send to it.',
                content: <EmailForm profile={data.profile} />,
              },
              {
                id: 'organiser',
                title: 'Organiser',
                description: 'The name and logo buyers see on your event pages and tickets.',
                content: (
                  <OrganiserForm organiser={data.organiser} fullName={data.profile.fullName} />
                ),
              },
              {
                id: 'payout',
                title: 'Payout account',
                description: 'The Nigerian bank account your ticket sales are paid into.',
                content: <PayoutAccount payout={data.payout} />,
              },
              {
                id: 'preferences',
                title: 'Preferences',
                description:
                  'Who pays the service fee by default, and whether we mail you about orders.',
                content: <PreferencesForm preferences={data.preferences} />,
              },
              ...(owner
                ? [
                    {
                      id: 'webhooks',
                      title: 'Webhooks',
                      description: (
                        <>
                          Send orders, refunds, cancellations, transfers, check-ins and waiting-list
                          offers to your own tools as they happen: signed JSON, retried for a day.
                          See the integration guide (docs/integrations.md) for how to check a
                          signature.
                        </>
                      ),
                      content: <Webhooks />,
                    },
                  ]
                : []),
              {
                id: 'api-tokens',
                title: 'API tokens',
                description:
                  'Keys for your other tools — a CRM, a spreadsheet, a door system — each with one scope and, if you like, some events only. See the API reference at /api/docs.',
                content: <ApiTokensPanel />,
              },
              {
                id: 'server-features',
                title: 'Server features',
                description:
                  "Payments, mail, SMS and wallet passes need this server's configuration. What is on, and how to turn on the rest.",
                content: <ServerFeatures />,
              },
              {
                id: 'password',
                title: 'Password',
                description: 'Use a password you do not use anywhere else.',
                content: <PasswordForm />,
              },
            ].map((section) => (
              <SettingsSection
                key={section.id}
                id={section.id}
                title={section.title}
                description={section.description}
              >
                {section.content}
              </SettingsSection>
            ))}
          </>
        )}
      </div>
    </>
  );
}
