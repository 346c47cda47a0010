/** Query keys and paths of teams (issue 13). */
export const teamKeys = {
  all: ['team'] as const,
  team: () => ['team', 'members'] as const,
  preview: (token: string) => ['team', 'invitation', token] as const,
  events: () => ['team', 'events'] as const,
};

export const TEAM_PATH = '/events/manage/team';
