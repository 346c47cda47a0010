import type { WorkspaceDto } from '@gatepass/shared';
import type { QueryClient } from '@tanstack/react-query';
import { localStore, workspaceStorage } from '../lib/storage.ts';
import { reconcileTeams, removedFromTeamMessage } from '../lib/team-access.ts';
import { toast } from '../lib/toast.ts';
import { resetForWorkspace } from '../lib/queries/invalidate.ts';
import { isWorkspacesKey, workspacesQueryOptions } from '../lib/queries/workspaces.ts';

/**
 * Issue 21 §6, decision 053: one place, for every page, where the web app learns that its
 * user lost a team. Every answer of GET /team/workspaces (whichever page or menu asked) is
 * compared with the teams the device remembers; for a team that is gone, that organiser's
 * door lists leave the device (unsent check-ins stay as codes, as at logout, decision 018),
 * the choice of it is forgotten, and the user is told. A page load asks for the list when
 * the device remembers a team (see store.ts), and so does a refusal (403) of any call made
 * for a chosen organiser (a door's sync, a manage page).
 */

/** A refusal asks the list again at most this often (a page of refused calls asks once). */
const RECHECK_EVERY_MS = 5_000;

export function watchTeamAccess(
  queryClient: QueryClient,
  currentUserId: () => string | null,
): { recheck: () => void } {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isWorkspacesKey(event.query.queryKey)) return;
    const userId = currentUserId();
    const workspaces = event.query.state.data as WorkspaceDto[] | undefined;
    if (!userId || !workspaces) return;
    const lost = reconcileTeams(userId, workspaces);
    if (!lost.length) return;
    if (lost.some((t) => t.organiserId === workspaceStorage.get())) workspaceStorage.set(null);
    void import('../features/check-in/lib/door-storage.ts').then((door) =>
      door.forgetEventLists(
        localStore(),
        lost.flatMap((t) => t.eventIds),
      ),
    );
    // Answers cached for that organiser are not this user's any more.
    void resetForWorkspace(queryClient);
    for (const team of lost) {
      const message = removedFromTeamMessage(team.organiserName);
      toast.warning(message, { toastId: `removed-${team.organiserId}`, autoClose: false });
    }
  });

  let lastCheck = 0;
  return {
    recheck: () => {
      if (!currentUserId() || Date.now() - lastCheck < RECHECK_EVERY_MS) return;
      lastCheck = Date.now();
      void queryClient.fetchQuery({ ...workspacesQueryOptions(), staleTime: 0 }).catch(() => {
        // Offline or an older server: the next load or refusal asks again.
      });
    },
  };
}
