import { JoinPage } from '../../../features/team/pages/join-page.tsx';

/** /team/join?token=… (public): the link a team invitation mails. */
export function TeamJoinRoute() {
  return <JoinPage />;
}
