import { envelope, webhookEndpointDto, type UpdateWebhookBody } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_PATH, webhookKeys } from './keys.ts';

const answer = envelope(webhookEndpointDto);

/** PATCH /events/manage/webhooks/{id} (owner): URL, events, on/off (on resumes a paused one). */
export async function updateWebhook({ id, ...body }: UpdateWebhookBody & { id: string }) {
  const response = await api.patch(`${WEBHOOKS_PATH}/${id}`, body);
  return answer.parse(response.data).data;
}

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
