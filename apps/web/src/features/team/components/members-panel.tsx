import {
  formatShortDateTime,
  isMemberRole,
  ROLE_LABELS,
  type TeamMemberDto,
} from '@gatepass/shared';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { UsersIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, Panel } from '../../../components/ui/panel.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { EventsList } from './events-scope-field.tsx';
import { MemberDialog } from './member-dialog.tsx';

/**
 * Who works for this organiser: the owner first, then members with role, events and last
 * activity. Members can be changed (role, events) or removed, each after a dialog.
 */
export function MembersPanel({ members }: { members: readonly TeamMemberDto[] }) {
  const remove = useRemoveMember();
  const [editing, setEditing] = useState<TeamMemberDto | null>(null);
  const [removing, setRemoving] = useState<TeamMemberDto | null>(null);
  const others = members.filter((m) => isMemberRole(m.role));

  return (
    <Panel id="members" title="Members" flush>
      <ul className="divide-y divide-slate-100">
        {members.map((member) => (
          <li
            key={member.userId}
            className="grid gap-3 px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] md:items-center"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="truncate font-semibold text-slate-900">{member.fullName}</span>
                <StatusBadge tone={isMemberRole(member.role) ? 'indigo' : 'gray'}>
                  {ROLE_LABELS[member.role]}
                </StatusBadge>
              </p>
              <p className="truncate text-sm text-slate-600">{member.email}</p>
            </div>
            <div className="min-w-0 text-sm">
              <p className="text-slate-800">
                <EventsList events={member.events} />
              </p>
              {member.checkinList ? (
                // Doors by gate (decision 084): the list given on the event page.
                <p className="text-xs font-medium text-slate-700">
                  Checks the {member.checkinList.name}
                </p>
              ) : null}
              {isMemberRole(member.role) && (
                <p className="text-xs text-slate-500">
                  {member.lastActiveAt
                    ? `Last active ${formatShortDateTime(member.lastActiveAt)}`
                    : 'Not active yet'}
                </p>
              )}
            </div>
            {!isMemberRole(member.role) ? (
              <span className="text-sm text-slate-500 md:text-right">You</span>
            ) : (
              <div className="flex gap-2 md:justify-end">
                <Button size="sm" variant="secondary" onClick={() => setEditing(member)}>
                  Change
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRemoving(member)}>
                  Remove
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 ? (
        <EmptyState icon={<UsersIcon className="size-6" />} title="Nobody on your team yet">
          Invite a co-organiser to run sales with their own login, or stewards who only check
          tickets in at the door — nobody needs your password.
        </EmptyState>
      ) : null}

      <MemberDialog member={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.fullName ?? 'this member'}?`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        tone="danger"
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.userId, {
            onSuccess: (message) => {
              toast.success(message);
              setRemoving(null);
            },
            onError: () => setRemoving(null),
          });
        }}
      >
        <p>
          They lose access from their next request. A door device of theirs drops this
          organiser&apos;s attendee lists at its next sync.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
