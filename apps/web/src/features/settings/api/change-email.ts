import type { ChangeEmailBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_PATH, storeSettings } from './keys.ts';
import { sendSettings, type SettingsResult } from './save-settings.ts';
import { invalidateSession } from '../../../lib/queries/invalidate.ts';

/**
 * POST /events/manage/settings/email: needs the current password; mails a confirmation
 * link to the new address and a notice to the old one. The email changes only once the
 * link is opened (POST …/email/confirm); DELETE …/email cancels.
 */
export function requestEmailChange(body: ChangeEmailBody): Promise<SettingsResult> {
  return sendSettings('post', `${SETTINGS_PATH}/email`, body);
}

export function confirmEmailChange(token: string): Promise<SettingsResult> {
  return sendSettings('post', `${SETTINGS_PATH}/email/confirm`, { token });
}

export function cancelEmailChange(): Promise<SettingsResult> {
  return sendSettings('delete', `${SETTINGS_PATH}/email`);
}

function useSettingsMutation<T>(fn: (input: T) => Promise<SettingsResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ settings }) => {
      storeSettings(client, settings);
      invalidateSession(client);
    },
  });
}

export const useRequestEmailChange = () => useSettingsMutation(requestEmailChange);
export const useConfirmEmailChange = () => useSettingsMutation(confirmEmailChange);
export const useCancelEmailChange = () => useSettingsMutation(cancelEmailChange);
