import type { PayoutBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_PATH, storeSettings } from './keys.ts';
import { sendSettings, type SettingsResult } from './save-settings.ts';

/** PUT /events/manage/settings/payout, or DELETE it with `null`. */
export function updatePayout(body: PayoutBody | null): Promise<SettingsResult> {
  return body === null
    ? sendSettings('delete', `${SETTINGS_PATH}/payout`)
    : sendSettings('put', `${SETTINGS_PATH}/payout`, body);
}

export function useUpdatePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePayout,
    onSuccess: ({ settings }) => storeSettings(client, settings),
  });
}
