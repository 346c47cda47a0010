import type { UserDto } from '@gatepass/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './keys.ts';
import { isWorkspacesKey } from './workspaces.ts';

/**
 * What each kind of change makes stale, in one place (decision 066): a mutation calls one
 * of these instead of naming other features' keys, so every list that shows the changed
 * data refreshes — the ones on screen at once, the others when next shown.
 */

/**
 * An event was created, duplicated, published, cancelled, deleted or edited, or its tickets
 * changed: the organiser's list (every feature's), the public pages, and the money figures
 * and orders that show its sales.
 */
export function invalidateEvents(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.manageEvents.list() });
  void client.invalidateQueries({ queryKey: queryKeys.publicEvents.all });
}

/**
 * An order changed (an organiser's action): the events' sold figures (every list of them),
 * the money and the promo codes' usage.
 */
export function invalidateSales(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.events.all });
  void client.invalidateQueries({ queryKey: queryKeys.finances.all });
  void client.invalidateQueries({ queryKey: queryKeys.marketing.all });
}

/** The signed-in user's own details changed (profile, email): the session's answer. */
export function invalidateSession(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.session.all });
}

/**
 * The organisers the user works for changed as they show (the owner renamed their
 * organiser: the name the workspace menus show for it).
 */
export function invalidateWorkspaces(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.workspaces.all });
}

/**
 * Someone signed in: their user is the session's answer, and no organiser data an earlier
 * session of this device may have left (workspaces, the organiser's lists) is shown to them.
 */
export function startSession(client: QueryClient, user: UserDto): void {
  client.setQueryData(queryKeys.session.me(), user);
  client.removeQueries({ queryKey: queryKeys.workspaces.all });
  client.removeQueries({ queryKey: queryKeys.manageEvents.all });
}

/**
 * The session ended (logout, a refused token): nothing cached may show to the next user,
 * and nothing still on its way may answer into the next session.
 */
export function endSession(client: QueryClient): void {
  void client.cancelQueries();
  client.clear();
}

/**
 * The user now works for another organiser, or lost a team: every cached answer was the
 * old organiser's, so all of it is asked again — except the list of workspaces itself.
 */
export function resetForWorkspace(client: QueryClient): Promise<void> {
  return client.resetQueries({ predicate: (q) => !isWorkspacesKey(q.queryKey) });
}
