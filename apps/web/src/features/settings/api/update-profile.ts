import type { UpdateProfileBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_PATH, storeSettings } from './keys.ts';
import { sendSettings, type SettingsResult } from './save-settings.ts';
import { invalidateSession } from '../../../lib/queries/invalidate.ts';

/**
 * PATCH /events/manage/settings/profile: full name, email, phone. A new email is saved
 * unverified and a code is mailed to it.
 */
export function updateProfile(body: UpdateProfileBody): Promise<SettingsResult> {
  return sendSettings('patch', `${SETTINGS_PATH}/profile`, body);
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ settings }) => {
      storeSettings(client, settings);
      invalidateSession(client);
    },
  });
}
