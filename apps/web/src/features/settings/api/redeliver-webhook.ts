import { envelope, webhookDeliveryDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_PATH, webhookKeys } from './keys.ts';

const answer = envelope(webhookDeliveryDto);

/** POST …/webhooks/{id}/deliveries/{deliveryId}/redeliver (owner): same body and id, again. */
export async function redeliverWebhook(input: { endpointId: string; deliveryId: string }) {
  const response = await api.post(
    `${WEBHOOKS_PATH}/${input.endpointId}/deliveries/${input.deliveryId}/redeliver`,
  );
  return answer.parse(response.data).data;
}

export function useRedeliverWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: (_data, input) =>
      client.invalidateQueries({ queryKey: webhookKeys.deliveries(input.endpointId) }),
  });
}
