import type { UpdatePreferencesBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_PATH, storeSettings } from './keys.ts';
import { sendSettings, type SettingsResult } from './save-settings.ts';

/** PATCH /events/manage/settings/preferences: default fee mode, order notification mails. */
export function updatePreferences(body: UpdatePreferencesBody): Promise<SettingsResult> {
  return sendSettings('patch', `${SETTINGS_PATH}/preferences`, body);
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: ({ settings }) => storeSettings(client, settings),
  });
}
