import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_PATH, webhookKeys } from './keys.ts';

/** DELETE /events/manage/webhooks/{id} (owner): the endpoint and its delivery log. */
export async function deleteWebhook(id: string): Promise<void> {
  await api.delete(`${WEBHOOKS_PATH}/${id}`);
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
