import { envelope, teamDto, type TeamDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { TEAM_PATH, teamKeys } from './keys.ts';

const answer = envelope(teamDto);

/** GET /events/manage/team (owner): members with role, events, last activity; invitations. */
export async function getTeam(): Promise<TeamDto> {
  const response = await api.get(TEAM_PATH);
  return answer.parse(response.data).data;
}

export function useTeam() {
  return useQuery({ queryKey: teamKeys.team(), queryFn: getTeam });
}
