import type { UpdateOrganiserBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateWorkspaces } from '../../../lib/queries/invalidate.ts';
import { SETTINGS_PATH, storeSettings } from './keys.ts';
import { sendSettings, type SettingsResult } from './save-settings.ts';

/** PATCH /events/manage/settings/organiser: public name and logo (null removes it). */
export function updateOrganiser(body: UpdateOrganiserBody): Promise<SettingsResult> {
  return sendSettings('patch', `${SETTINGS_PATH}/organiser`, body);
}

export function useUpdateOrganiser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrganiser,
    onSuccess: ({ settings }) => {
      storeSettings(client, settings);
      // The workspace menus show the organiser's name.
      invalidateWorkspaces(client);
    },
  });
}
