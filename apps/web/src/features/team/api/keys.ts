import { queryKeys } from '../../../lib/queries/keys.ts';

/** Query keys and paths of teams (issue 13). */
export const teamKeys = {
  all: queryKeys.team.all,
  team: () => [...queryKeys.team.all, 'members'] as const,
  preview: (token: string) => [...queryKeys.team.all, 'invitation', token] as const,
};

export const TEAM_PATH = '/events/manage/team';
