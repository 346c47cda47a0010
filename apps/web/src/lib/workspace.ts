import { isDoorOnly, type WorkspaceDto } from '@gatepass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { paths } from '../config/paths.ts';
import { resetForWorkspace } from './queries/invalidate.ts';
import { workspacesQueryOptions } from './queries/workspaces.ts';
import { SignedInContext } from './signed-in.ts';
import { workspaceStorage } from './storage.ts';

/**
 * Teams (issue 13): the organisers a user works for and the one chosen on this device
 * (local storage `gatepass.workspace`, sent as the organiser header on every call, see
 * api-client.ts). Shared by the layout, the door and the team pages, so it lives here.
 */

/**
 * The workspace the user works for: the one chosen on this device if they still belong
 * to it, otherwise the server's default (what it uses without the header), otherwise the
 * first. Null only when the list is empty.
 */
export function resolveWorkspace(
  workspaces: readonly WorkspaceDto[],
  chosenId: string | null,
): WorkspaceDto | null {
  return (
    workspaces.find((w) => w.organiserId === chosenId) ??
    workspaces.find((w) => w.isDefault) ??
    workspaces[0] ??
    null
  );
}

/** Whether the chosen id names a workspace the user no longer has (forget it then). */
export function isStaleChoice(
  workspaces: readonly WorkspaceDto[],
  chosenId: string | null,
): boolean {
  return chosenId !== null && !workspaces.some((w) => w.organiserId === chosenId);
}

/**
 * Where a role starts in the manage area: a door steward at the verify-ticket screen when
 * they have exactly one event, their list of doors otherwise; everyone else at home.
 */
export function startPathFor(workspace: Pick<WorkspaceDto, 'role' | 'events'> | null): string {
  if (!workspace || !isDoorOnly(workspace.role)) return paths.manage.home;
  const only = workspace.events?.length === 1 ? workspace.events[0] : undefined;
  return only ? paths.manage.verifyTicket(only.id) : paths.manage.verifyTickets;
}

export interface WorkspaceState {
  workspaces: readonly WorkspaceDto[];
  current: WorkspaceDto | null;
  /** Signed in and the list not answered yet: menus and guards wait for it. */
  isPending: boolean;
  /** Works for another organiser from now on: every cached answer was the old one's. */
  switchTo: (organiserId: string) => void;
}

const chosenOnServer = () => null;

/**
 * Whether the list's first answer is on its way. A failed one (an older server) or a
 * paused one (offline) does not hold the area up, and neither does a retry after a failure
 * (it puts a query without data back to pending): the pages under the guard would unmount
 * and remount with every attempt.
 */
export function awaitingFirstAnswer(query: {
  isPending: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  errorUpdatedAt: number;
}): boolean {
  return query.isPending && query.fetchStatus === 'fetching' && query.errorUpdatedAt === 0;
}

/**
 * The user's workspaces and the current one. If the list cannot be had (an older server),
 * `current` stays null and the manage area shows the spec's items.
 */
export function useWorkspace(
  /** False: only what is already cached (a closed menu asks for nothing). */
  active = true,
): WorkspaceState {
  const signedIn = useContext(SignedInContext);
  const queryClient = useQueryClient();
  const query = useQuery({ ...workspacesQueryOptions(), enabled: signedIn && active });
  const chosenId = useSyncExternalStore(
    workspaceStorage.subscribe,
    workspaceStorage.get,
    chosenOnServer,
  );
  const workspaces = query.data ?? [];
  const current = query.data ? resolveWorkspace(query.data, chosenId) : null;
  const stale = query.data ? isStaleChoice(query.data, chosenId) : false;

  // Removed from that team (or another user's choice): calls go to the default again.
  useEffect(() => {
    if (stale) workspaceStorage.set(null);
  }, [stale]);

  const switchTo = useCallback(
    (organiserId: string) => {
      workspaceStorage.set(organiserId);
      void resetForWorkspace(queryClient);
    },
    [queryClient],
  );

  const isPending = signedIn && active && awaitingFirstAnswer(query);

  return { workspaces, current, isPending, switchTo };
}

/**
 * Router state of a manage page a role was sent to by the shell's guard: the server's
 * sentence it is shown there (issue 24 §2), or null.
 */
export function refusalFromState(state: unknown): string | null {
  if (state && typeof state === 'object' && 'refusal' in state) {
    const refusal = (state as { refusal: unknown }).refusal;
    if (typeof refusal === 'string' && refusal) return refusal;
  }
  return null;
}

/** Router state of a page reached by a login's landing rather than typed (no refusal then). */
export function isLandingState(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as { landing?: unknown }).landing === true;
}
