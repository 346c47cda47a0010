import { envelope, webhookCreatedDto, type CreateWebhookBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_PATH, webhookKeys } from './keys.ts';

const answer = envelope(webhookCreatedDto);

/** POST /events/manage/webhooks (owner): answers the signing secret, this once. */
export async function createWebhook(body: CreateWebhookBody) {
  // A refused URL is shown under its field, not as a toast.
  const response = await api.post(WEBHOOKS_PATH, body, { skipErrorToast: true });
  return answer.parse(response.data).data;
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
