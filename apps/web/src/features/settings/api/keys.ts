import type { SettingsDto } from '@gatepass/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries/keys.ts';

export const settingsKeys = {
  all: queryKeys.settings.all,
};

export const SETTINGS_PATH = '/events/manage/settings';

/** Every change answers the whole settings object: it replaces the cached one. */
export function storeSettings(client: QueryClient, settings: SettingsDto): void {
  client.setQueryData(settingsKeys.all, settings);
}

/** Webhooks (Settings → Webhooks, owner only). */
export const WEBHOOKS_PATH = '/events/manage/webhooks';
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};
