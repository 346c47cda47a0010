import { envelope, settingsDto, type SettingsDto } from '@gatepass/shared';
import { api } from '../../../lib/api-client.ts';

const answer = envelope(settingsDto);

export interface SettingsResult {
  settings: SettingsDto;
  message: string | undefined;
}

/** Sends one settings change; every change answers the whole settings object. */
export async function sendSettings(
  method: 'patch' | 'put' | 'post' | 'delete',
  path: string,
  body?: unknown,
): Promise<SettingsResult> {
  const response =
    method === 'delete' ? await api.delete(path) : await api[method](path, body ?? {});
  const parsed = answer.parse(response.data);
  return { settings: parsed.data, message: parsed.message };
}
