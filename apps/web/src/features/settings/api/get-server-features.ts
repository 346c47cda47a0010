import { envelope, serverFeaturesDto, type ServerFeaturesDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SETTINGS_PATH, settingsKeys } from './keys.ts';

const answer = envelope(serverFeaturesDto);

/** GET /events/manage/settings/features: what this server's operator has turned on. */
export async function getServerFeatures(): Promise<ServerFeaturesDto> {
  const response = await api.get(`${SETTINGS_PATH}/features`, { skipErrorToast: true });
  return answer.parse(response.data).data;
}

export function useServerFeatures() {
  return useQuery({
    queryKey: [...settingsKeys.all, 'features'],
    queryFn: getServerFeatures,
    staleTime: 60 * 60_000,
  });
}
