import { envelope, settingsDto, type SettingsDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SETTINGS_PATH, settingsKeys } from './keys.ts';

const answer = envelope(settingsDto);

/** GET /events/manage/settings: profile, organiser, payout and preferences. */
export async function getSettings(): Promise<SettingsDto> {
  const response = await api.get(SETTINGS_PATH);
  return answer.parse(response.data).data;
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
