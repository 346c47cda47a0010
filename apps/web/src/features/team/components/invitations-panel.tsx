import { formatShortDateTime, ROLE_LABELS, type TeamInvitationDto } from '@gatepass/shared';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { toast } from '../../../lib/toast.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useWithdrawInvitation } from '../api/withdraw-invitation.ts';
import { EventsList } from './events-scope-field.tsx';

/** Invitations not accepted yet: resend a fresh link, or withdraw it (after a confirm). */
export function InvitationsPanel({ invitations }: { invitations: readonly TeamInvitationDto[] }) {
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const [withdrawing, setWithdrawing] = useState<TeamInvitationDto | null>(null);
  if (invitations.length === 0) return null;

  return (
    <Panel
      id="invitations"
      title="Pending invitations"
      description="Links sent and not used yet. Resending mails a new link; the old one stops working."
      flush
    >
      <ul className="divide-y divide-slate-100">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="truncate font-semibold text-slate-900">{invitation.email}</span>
                <StatusBadge tone="indigo">{ROLE_LABELS[invitation.role]}</StatusBadge>
                {invitation.expired ? <StatusBadge tone="amber">Expired</StatusBadge> : null}
              </p>
              <p className="mt-0.5 text-sm text-slate-600">
                <EventsList events={invitation.events} />
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                {invitation.expired ? 'Expired' : 'Expires'}{' '}
                {formatShortDateTime(invitation.expiresAt)}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={resend.isPending && resend.variables === invitation.id}
                onClick={() =>
                  resend.mutate(invitation.id, {
                    onSuccess: (sent) =>
                      toast.success(`A new link is on its way to ${sent.email}.`),
                  })
                }
              >
                {resend.isPending && resend.variables === invitation.id ? 'Sending...' : 'Resend'}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setWithdrawing(invitation)}>
                Withdraw
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title={`Withdraw the invitation to ${withdrawing?.email ?? ''}?`}
        confirmLabel="Withdraw"
        busyLabel="Withdrawing..."
        busy={withdraw.isPending}
        tone="danger"
        onConfirm={() => {
          if (!withdrawing) return;
          withdraw.mutate(withdrawing.id, {
            onSuccess: (message) => {
              toast.success(message);
              setWithdrawing(null);
            },
            onError: () => setWithdrawing(null),
          });
        }}
      >
        <p>The link in their email will stop working. You can invite them again later.</p>
      </ConfirmDialog>
    </Panel>
  );
}
