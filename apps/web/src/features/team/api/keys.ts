/** Query keys and paths of teams (issue 13). */
export const teamKeys = {
  all: ['team'] as const,
  workspaces: () => ['team', 'workspaces'] as const,
  team: () => ['team', 'members'] as const,
  preview: (token: string) => ['team', 'invitation', token] as const,
  checkins: (eventId: string) => ['team', 'checkins', eventId] as const,
};

export const TEAM_PATH = '/events/manage/team';
