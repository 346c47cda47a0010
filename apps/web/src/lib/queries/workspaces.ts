import type { Envelope, WorkspaceDto } from '@gatepass/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { isUnder, queryKeys } from './keys.ts';

/**
 * GET /team/workspaces: the organisers the user can act for (teams, issue 13). Read with
 * the contract's type, not parsed (decision 020): the menus that ask for it load on
 * signed-in pages.
 */
export async function getWorkspaces(): Promise<WorkspaceDto[]> {
  const response = await api.get<Envelope<WorkspaceDto[]>>('/team/workspaces', {
    skipErrorToast: true,
  });
  return response.data.data;
}

export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.workspaces.all,
    queryFn: getWorkspaces,
    staleTime: 60_000,
    retry: false,
  });

/** Whether a cache entry is the list of workspaces (kept when everything else is reset). */
export const isWorkspacesKey = (key: readonly unknown[]): boolean =>
  isUnder(key, queryKeys.workspaces.all);
