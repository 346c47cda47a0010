import { TeamPage } from '../../../features/team/pages/team-page.tsx';

/** /events/manage/team/ (owner; the manage shell keeps other roles out). */
export function ManageTeamRoute() {
  return <TeamPage />;
}
