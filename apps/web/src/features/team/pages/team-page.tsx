import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { QueryState } from '../../../components/ui/spinner.tsx';
import { useTeam } from '../api/get-team.ts';
import { InvitationsPanel } from '../components/invitations-panel.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { MembersPanel } from '../components/members-panel.tsx';

/**
 * /events/manage/team/ (owner): invite co-organisers and door stewards, follow the
 * invitations, change or remove members (issue 13).
 */
export function TeamPage() {
  const team = useTeam();
  return (
    <>
      <PageHeader
        eyebrow="Organiser"
        title="Team"
        subtitle="Managers run sales and the door; door stewards only check tickets in. Each uses their own login."
      />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_28rem] lg:items-start lg:px-8">
        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          <QueryState
            query={team}
            loading="Loading your team…"
            spinnerClassName="py-12"
            failed={<Alert tone="error">Your team could not be loaded.</Alert>}
          >
            {(data) => (
              <>
                <MembersPanel members={data.members} />
                <InvitationsPanel invitations={data.invitations} />
              </>
            )}
          </QueryState>
        </div>
        <div className="lg:col-start-2 lg:row-start-1">
          <InviteForm />
        </div>
      </div>
    </>
  );
}
